// Runs every CppUnit suite registered in this executable; exit 1 on any failure.
#include "tests/support/RunSuites.h"

int main() { return ipfacts::testing::runRegisteredSuites() ? 0 : 1; }
