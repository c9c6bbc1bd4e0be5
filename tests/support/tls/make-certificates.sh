#!/usr/bin/env bash
# make-certificates.sh <dir>: make-chain.sh's chain (root, intermediate, leaf,
# self-signed; see there), plus the certificates the TLS certificate family
# (/api/v1/ssl, plugins/ssl) reads, made with the openssl CLI into <dir>.
# Every leaf is signed by make-chain.sh's intermediate unless said otherwise.
#
#   site.pem/.key        EC P-256; SANs www.ssl.example.test, *.ssl.example.test, 127.0.0.1;
#                        subject C/O/CN, AIA (OCSP + caIssuers), CRL distribution point,
#                        EKU serverAuth + clientAuth, two embedded SCTs; 60 days
#   rsa.pem/.key         RSA 2048 key (signed by the EC intermediate), SAN rsa.example.test
#   rsa-self.pem         RSA 2048, self-signed: sha256WithRSAEncryption
#   cn-only.pem          no subjectAltName; CN cn-only.example.test
#   ip-only.pem          SANs IP 192.0.2.1 and 2001:db8::1 only
#   expired.pem          valid 2024-01-01 .. 2024-03-01 (openssl ca: exact dates)
#   long-lived.pem       issued 2026-04-01 for 398 days: over the 200-day limit then in force
#   old-intermediate.pem an intermediate CA that expired 2024-03-01 (signed by root)
#   under-old.pem/.key   a leaf signed by old-intermediate
#   chain-reversed.pem   root then intermediate: a chain sent in the wrong order
#   site-chain.pem       intermediate then root (= chain.pem)
#   *.der                each of the above in DER
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
dir="${1:?usage: make-certificates.sh <dir>}"
"$here/make-chain.sh" "$dir"
cd "$dir"

ec() { openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-256 -out "$1" 2>/dev/null; }

# Two SCTs (RFC 6962 3.3), structurally valid, signatures made up: the
# reader counts them; nobody verifies them. Each SCT: version 0, a 32-byte
# log id, a timestamp, no extensions, SHA-256/ECDSA, an 8-byte signature.
sct="00$(printf 'a1%.0s' {1..32})0000018b2d1a5c00000004030008""3006020101020101"
scts="04740072""0037${sct}""0037${sct}"

cat > ssl-ext.cnf <<CNF
[site]
basicConstraints = critical, CA:false
keyUsage = critical, digitalSignature
extendedKeyUsage = serverAuth, clientAuth
subjectAltName = DNS:www.ssl.example.test, DNS:*.ssl.example.test, IP:127.0.0.1
authorityInfoAccess = OCSP;URI:http://ocsp.ipfacts.test/, caIssuers;URI:http://ca.ipfacts.test/intermediate.der
crlDistributionPoints = URI:http://crl.ipfacts.test/intermediate.crl
1.3.6.1.4.1.11129.2.4.2 = DER:${scts}
subjectKeyIdentifier = hash
authorityKeyIdentifier = keyid
[rsa]
basicConstraints = critical, CA:false
extendedKeyUsage = serverAuth
subjectAltName = DNS:rsa.example.test
[cn_only]
basicConstraints = critical, CA:false
extendedKeyUsage = serverAuth
[ip_only]
basicConstraints = critical, CA:false
subjectAltName = IP:192.0.2.1, IP:2001:db8::1
[plain]
basicConstraints = critical, CA:false
subjectAltName = DNS:dated.example.test
authorityKeyIdentifier = keyid
[ca]
basicConstraints = critical, CA:true
keyUsage = critical, keyCertSign, cRLSign
subjectKeyIdentifier = hash
authorityKeyIdentifier = keyid
CNF

# openssl ca, for certificates with exact dates.
mkdir -p ca-db
: > ca-db/index.txt
echo 1000 > ca-db/serial
cat > ca.cnf <<'CNF'
[ca]
default_ca = dated
[dated]
dir = .
database = ca-db/index.txt
new_certs_dir = ca-db
serial = ca-db/serial
default_md = sha256
policy = anything
unique_subject = no
email_in_dn = no
[anything]
commonName = supplied
CNF
dated() {  # dated <name> <ca> <start> <end> <extensions> <subject>
  ec "$1.key"
  openssl req -new -key "$1.key" -subj "$6" -out "$1.csr"
  openssl ca -batch -config ca.cnf -cert "$2.pem" -keyfile "$2.key" -in "$1.csr" -out "$1.pem" -notext \
    -startdate "$3" -enddate "$4" -extfile ssl-ext.cnf -extensions "$5" 2>/dev/null
}
signed() {  # signed <name> <key kind ec|rsa> <extensions> <subject> <days>
  if [[ "$2" == rsa ]]; then openssl genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:2048 -out "$1.key" 2>/dev/null
  else ec "$1.key"; fi
  openssl req -new -key "$1.key" -subj "$4" -out "$1.csr"
  openssl x509 -req -in "$1.csr" -CA intermediate.pem -CAkey intermediate.key -CAcreateserial -days "$5" -sha256 \
    -extfile ssl-ext.cnf -extensions "$3" -out "$1.pem" 2>/dev/null
}

signed site ec site "/C=DE/O=ipfacts tests/CN=www.ssl.example.test" 60
signed rsa rsa rsa "/CN=rsa.example.test" 30
openssl req -x509 -new -key rsa.key -sha256 -days 30 -subj "/CN=rsa-self.example.test" \
  -addext "subjectAltName=DNS:rsa-self.example.test" -out rsa-self.pem
signed cn-only ec cn_only "/CN=cn-only.example.test" 30
signed ip-only ec ip_only "/CN=ip-only" 30
dated expired intermediate 20240101000000Z 20240301000000Z plain "/CN=expired.example.test"
dated long-lived intermediate 20260401000000Z 20270504000000Z plain "/CN=long-lived.example.test"
dated old-intermediate root 20231201000000Z 20240301000000Z ca "/CN=ipfacts expired intermediate"
ec under-old.key
openssl req -new -key under-old.key -subj "/CN=under-old.example.test" -out under-old.csr
openssl x509 -req -in under-old.csr -CA old-intermediate.pem -CAkey old-intermediate.key -CAcreateserial -days 30 \
  -extfile ssl-ext.cnf -extensions plain -out under-old.pem 2>/dev/null

cp chain.pem site-chain.pem
cat root.pem intermediate.pem > chain-reversed.pem
cat old-intermediate.pem root.pem > old-chain.pem

for c in site rsa rsa-self cn-only ip-only expired long-lived old-intermediate under-old; do
  openssl x509 -in "$c.pem" -outform DER -out "$c.der"
done
