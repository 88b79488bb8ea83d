#!/usr/bin/env bash
# The Debian package, built from this build tree with CPack, unpacked into a
# scratch root (dpkg -x, no root rights needed) and its programs run from
# there: presets listed, a run's image written, the German translation found.
# Also: lintian reports no error, the metadata files validate.
# Usage: test_package.sh BUILD_DIR   (CTest passes it; label "package")
set -euo pipefail
build=$(cd "$1" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }

(cd "$build" && cpack -G DEB -B "$work/out" >"$work/cpack.log" 2>&1) || { cat "$work/cpack.log"; fail "cpack"; }
debs=("$work"/out/irqscope_*_"$(dpkg --print-architecture)".deb)
[ -f "${debs[0]}" ] || fail "no irqscope_<version>_<arch>.deb in $(ls "$work/out")"
deb=${debs[0]}
echo "built $(basename "$deb")"

# Declared dependencies: the Qt libraries from dpkg-shlibdeps.
depends=$(dpkg-deb -f "$deb" Depends)
for lib in libqt6widgets6 libqt6svg6 libc6; do
  [[ "$depends" == *"$lib"* ]] || fail "Depends lacks $lib: $depends"
done

root="$work/root"
dpkg -x "$deb" "$root"
for f in usr/bin/irqscope usr/bin/irqscope-cli \
         usr/share/applications/irqscope.desktop \
         usr/share/icons/hicolor/scalable/apps/irqscope.svg \
         usr/share/mime/packages/irqscope.xml \
         usr/share/metainfo/org.irqscope.IRQScope.metainfo.xml \
         usr/share/man/man1/irqscope.1.gz usr/share/man/man1/irqscope-cli.1.gz \
         usr/share/bash-completion/completions/irqscope-cli \
         usr/share/doc/irqscope/copyright usr/share/doc/irqscope/changelog.gz; do
  [ -e "$root/$f" ] || fail "the package lacks /$f"
done

cli="$root/usr/bin/irqscope-cli"
"$cli" --version | grep -qx "irqscope-cli [0-9.]*" || fail "irqscope-cli --version"
"$cli" presets | grep -q "^basics	" || fail "installed irqscope-cli lists no presets"
"$cli" run basics --duration 5ms --image "$work/run.png" >/dev/null || fail "installed irqscope-cli run"
[ "$(head -c 4 "$work/run.png" | od -An -c | tr -d ' ')" = "211PNG" ] || fail "no PNG written by the installed CLI"
# The translations are compiled into the program (Qt resources); Qt's own
# strings come from the system's qt6-translations-l10n.
help=$(env -u DISPLAY -u WAYLAND_DISPLAY LANGUAGE=de LANG=de_DE.UTF-8 "$root/usr/bin/irqscope" --help)
[[ "$help" == *"Im Präsentationsmodus starten"* ]] || fail "the installed irqscope --help is not German: $help"

# Metadata a desktop and a software centre read.
appstreamcli validate --no-net "$root/usr/share/metainfo/org.irqscope.IRQScope.metainfo.xml" >/dev/null ||
  fail "appstreamcli validate"
hints=$(desktop-file-validate "$root/usr/share/applications/irqscope.desktop" 2>&1) && [ -z "$hints" ] ||
  fail "desktop-file-validate: $hints"
grep -qx "MimeType=application/x-irqscope-scenario;" "$root/usr/share/applications/irqscope.desktop" ||
  fail "the desktop file should open IRQ Scope scenarios, not every JSON"
# The file type, compiled beside the system's own types and asked through GIO
# as a file manager would: a scenario saved as *.irqscope.json, or without an
# extension, is an IRQ Scope scenario; any other .json stays JSON.
mkdir -p "$work/xdg/mime/packages"
cp "$root/usr/share/mime/packages/irqscope.xml" /usr/share/mime/packages/freedesktop.org.xml "$work/xdg/mime/packages/"
XDG_DATA_DIRS="$work/xdg" update-mime-database "$work/xdg/mime" >"$work/mime.log" 2>&1 && [ ! -s "$work/mime.log" ] ||
  { cat "$work/mime.log"; fail "update-mime-database"; }
"$cli" describe basics >"$work/saved.irqscope.json"
printf '{\n  "schema": "irqscope.scenario/1",\n  "name": "x"\n}\n' >"$work/scenario"
echo '{"a": 1}' >"$work/other.json"
mime() { XDG_DATA_DIRS="$work/xdg" XDG_DATA_HOME="$work/none" gio info -a standard::content-type "$1" | sed -n 's/.*content-type: //p'; }
[ "$(mime "$work/saved.irqscope.json")" = application/x-irqscope-scenario ] || fail "*.irqscope.json: $(mime "$work/saved.irqscope.json")"
[ "$(mime "$work/scenario")" = application/x-irqscope-scenario ] || fail "scenario by content: $(mime "$work/scenario")"
[ "$(mime "$work/other.json")" = application/json ] || fail "other JSON claimed: $(mime "$work/other.json")"
for page in irqscope irqscope-cli; do
  warnings=$(LC_ALL=C.UTF-8 MANWIDTH=80 man --warnings -l "$root/usr/share/man/man1/$page.1.gz" 2>&1 >/dev/null)
  [ -z "$warnings" ] || fail "man page $page: $warnings"
done
bash -n "$root/usr/share/bash-completion/completions/irqscope-cli" || fail "bash completion syntax"

lintian --fail-on error "$deb" || fail "lintian reports errors"
echo "package ok"
