#!/usr/bin/env bash
# make-mta-sts.sh <dir>: make-chain.sh's chain (root.pem is the CA file), plus the
# certificate of the MTA-STS policy server the mail family's integration test runs
# (tests/integration/MailTest.cpp), made with the openssl CLI into <dir>:
#
#   mta-sts.pem/.key   EC P-256, SAN mta-sts.mail.test, signed by make-chain.sh's intermediate
#   www/.well-known/mta-sts.txt   the policy it serves (mode testing, mx-a.mail.test only)
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
dir="${1:?usage: make-mta-sts.sh <dir>}"
"$here/make-chain.sh" "$dir"
cd "$dir"

cat > mta-sts-ext.cnf <<'CNF'
[leaf]
basicConstraints = critical, CA:false
keyUsage = critical, digitalSignature
extendedKeyUsage = serverAuth
subjectAltName = DNS:mta-sts.mail.test
CNF
openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-256 -out mta-sts.key 2>/dev/null
openssl req -new -key mta-sts.key -subj "/CN=mta-sts.mail.test" -out mta-sts.csr
openssl x509 -req -in mta-sts.csr -CA intermediate.pem -CAkey intermediate.key -CAcreateserial -days 7 \
  -extfile mta-sts-ext.cnf -extensions leaf -out mta-sts.pem 2>/dev/null
rm -f mta-sts.csr

mkdir -p www/.well-known
printf 'version: STSv1\r\nmode: testing\r\nmx: mx-a.mail.test\r\nmax_age: 86400\r\n' >www/.well-known/mta-sts.txt
