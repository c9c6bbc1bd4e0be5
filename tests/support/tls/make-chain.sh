#!/usr/bin/env bash
# make-chain.sh <dir>: the certificates the TLS tests serve, made with the
# openssl CLI into <dir> (created if missing). EC P-256 keys: milliseconds each.
#
#   root.pem            self-signed root CA (the tests' CA file)
#   intermediate.pem    CA signed by root
#   leaf.pem leaf.key   server certificate for 127.0.0.1 / localhost, signed by intermediate
#   chain.pem           intermediate then root: what a server sends after the leaf
#   self.pem self.key   a self-signed server certificate no CA file names
#   ocsp.der            an OCSP response about leaf.pem signed by the intermediate
#                       (status unknown: its bytes are what a stapling test compares)
#   *.der               each certificate in DER, as a probe reports it
set -euo pipefail
dir="${1:?usage: make-chain.sh <dir>}"
mkdir -p "$dir"
cd "$dir"

key() { openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-256 -out "$1" 2>/dev/null; }

cat > ext.cnf <<'CNF'
[ca]
basicConstraints = critical, CA:true
keyUsage = critical, keyCertSign, cRLSign
subjectKeyIdentifier = hash
authorityKeyIdentifier = keyid
[leaf]
basicConstraints = critical, CA:false
keyUsage = critical, digitalSignature
extendedKeyUsage = serverAuth
subjectAltName = IP:127.0.0.1, DNS:localhost
subjectKeyIdentifier = hash
authorityKeyIdentifier = keyid
CNF

key root.key
openssl req -x509 -new -key root.key -days 30 -subj "/CN=ipfacts test root" \
  -addext "basicConstraints=critical,CA:true" -addext "keyUsage=critical,keyCertSign,cRLSign" -out root.pem

key intermediate.key
openssl req -new -key intermediate.key -subj "/CN=ipfacts test intermediate" -out intermediate.csr
openssl x509 -req -in intermediate.csr -CA root.pem -CAkey root.key -CAcreateserial -days 30 \
  -extfile ext.cnf -extensions ca -out intermediate.pem 2>/dev/null

key leaf.key
openssl req -new -key leaf.key -subj "/CN=127.0.0.1" -out leaf.csr
openssl x509 -req -in leaf.csr -CA intermediate.pem -CAkey intermediate.key -CAcreateserial -days 7 \
  -extfile ext.cnf -extensions leaf -out leaf.pem 2>/dev/null

cat intermediate.pem root.pem > chain.pem

key self.key
openssl req -x509 -new -key self.key -days 7 -subj "/CN=self-signed.test" \
  -addext "subjectAltName=DNS:self-signed.test" -out self.pem

: > index.txt
openssl ocsp -issuer intermediate.pem -cert leaf.pem -no_nonce -reqout ocsp-request.der 2>/dev/null
openssl ocsp -index index.txt -rsigner intermediate.pem -rkey intermediate.key -CA intermediate.pem \
  -reqin ocsp-request.der -respout ocsp.der -ndays 1 >/dev/null 2>&1

for c in root intermediate leaf self; do openssl x509 -in "$c.pem" -outform DER -out "$c.der"; done
