#!/usr/bin/env bash
# Code comments and documents cite only this repository's documents (README.md,
# docs/, the READMEs beside the code, the OpenAPI fragments): no section numbers of
# a specification or design text that is not in the repository. Fails naming each
# line that does. The pattern is spelt with a bracket so this file does not match it.
set -euo pipefail
root="${1:-.}"
cd "$root"
if grep -rnw --exclude-dir=node_modules --exclude-dir=corpus -e 'SPE[C]' -e 'DESIG[N]' \
    host plugins sdk tests docs tools etc packaging README.md CHANGELOG.md; then
  echo "cite this repository's documents instead (docs/api.md, a README, openapi.json)" >&2
  exit 1
fi
echo "no citation of an outside document"
