# Sourced by the install tests: fail() and scratch_install, which installs the build
# tree into a fresh scratch prefix.
fail() { echo "FAIL: $*" >&2; exit 1; }

# scratch_install <build dir> <name>: sets work=<build>/tests/<name> (emptied) and
# prefix=$work/prefix, and installs there with cmake --install (log in $work/install.log).
scratch_install() {
  work=$(cd "$1" && pwd)/tests/$2
  prefix=$work/prefix
  rm -rf "$work"
  mkdir -p "$work"
  cmake --install "$1" --prefix "$prefix" >"$work/install.log"
}
