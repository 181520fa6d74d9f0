#!/usr/bin/env bash
# Checks the Debian package `make package` built: its metadata and files,
# then, unpacked into a temporary root (no dpkg -i, which needs root and
# changes the machine), that its tfc compiles a model which its tfc-run
# runs with the right numbers, and that its Python loader imports. The
# dependencies must be installed, as `apt-get install ./tfc_*.deb` would.
#
#   scripts/test-deb.sh [BUILD_DIR]
set -euo pipefail
build_dir=${1:-build}
root=$(cd "$(dirname "$0")/.." && pwd)
shopt -s nullglob
debs=("$build_dir"/deb/tfc_*_amd64.deb)
if [ ${#debs[@]} -ne 1 ]; then
  echo "test-deb: expected one $build_dir/deb/tfc_*_amd64.deb (make package)" >&2
  exit 1
fi
deb=${debs[0]}
echo "== $deb"
dpkg-deb --field "$deb" Package Version Architecture Depends

# Every dependency is a Debian package that is installed here.
depends=$(dpkg-deb --field "$deb" Depends)
for dep in ${depends//,/ }; do
  if ! dpkg -s "$dep" >/dev/null 2>&1; then
    echo "test-deb: dependency $dep is not installed" >&2
    exit 1
  fi
done

contents=$(dpkg-deb --contents "$deb" | awk '{print $6}')
for file in ./usr/bin/tfc ./usr/bin/tfc-opt ./usr/bin/tfc-translate \
            ./usr/bin/tfc-run ./usr/lib/libtfc_runtime.so \
            ./usr/include/tfc/runtime.h ./usr/lib/cmake/tfc/tfcConfig.cmake \
            ./usr/lib/pkgconfig/tfc-runtime.pc \
            ./usr/lib/python3/dist-packages/tfc/__init__.py; do
  if ! grep -qx -- "$file" <<<"$contents"; then
    echo "test-deb: the package has no $file" >&2
    exit 1
  fi
done

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
dpkg-deb -x "$deb" "$tmp/root"
usr=$tmp/root/usr
"$usr/bin/tfc" --version
"$usr/bin/tfc" compile "$root/examples/broadcasting/pitfall.mlir" \
  -o "$tmp/libpitfall.so"
out=$("$usr/bin/tfc-run" "$tmp/libpitfall.so" --fn pitfall)
echo "$out"
# reduce_sum(a + b) of the broadcasting pitfall is 12.
grep -q '= i32\[\] 12$\|= f32\[\] 12$' <<<"$out" || {
  echo "test-deb: expected 12 from the pitfall" >&2
  exit 1
}
PYTHONPATH=$usr/lib/python3/dist-packages /usr/bin/python3 -c \
  "import tfc; m = tfc.load('$tmp/libpitfall.so'); print('python:', sorted(m.entry_points))"
echo "test-deb: ok"
