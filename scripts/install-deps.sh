#!/usr/bin/env bash
# Installs the Debian 12 packages that building, testing and the demo need, when missing.
# Safe to run again: it installs nothing when everything is there. Needs root (or sudo) only
# when something is missing.
set -euo pipefail

# Each with its reason. Installed with --no-install-recommends, so a package needed only as a
# recommendation of another is named here too.
packages=(
  # Build: compilers, dpkg-dev (for CPack's dpkg-shlibdeps), CMake, Ninja.
  build-essential cmake ninja-build pkg-config git
  # Qt 6: Core/Gui/Widgets/Sql/Test, the PostgreSQL driver, Charts (whose CMake package needs
  # Qt6OpenGL, only recommended by qt6-charts-dev), lupdate/lrelease and Qt's own translations.
  qt6-base-dev qt6-base-dev-tools libqt6sql6-psql qt6-charts-dev libqt6opengl6-dev
  qt6-tools-dev qt6-tools-dev-tools qt6-l10n-tools qt6-translations-l10n libgl-dev
  # Logging, and libpq for the non-blocking connections and COPY.
  libspdlog-dev libfmt-dev libpq-dev
  # OpenSSL's SHA-256 for inbox-sim's bulk fill (libpq-dev pulls it in as well).
  libssl-dev
  # The tests' private servers, and psql for the demo script.
  postgresql-15 postgresql-client-15
  # tst_schema checks every PL/pgSQL function with the plpgsql_check extension.
  postgresql-15-plpgsql-check
  # tst_tls makes its certificates with openssl; the deb_package test runs CPack, whose
  # dpkg-shlibdeps step needs file(1); the deb_package test validates the .desktop file.
  openssl file desktop-file-utils
  # The demo and the screenshots under a virtual display; imagemagick's convert/identify.
  xvfb xauth imagemagick
  # inbox-receiver's HTTP/1.1 server (README, "The front door"); curl for its tests' real
  # client requests; wrk for measuring it.
  libmicrohttpd-dev curl wrk
  # The libFuzzer target (fuzz_bodydecoder) and its sanitizer runtime.
  clang-14 libclang-rt-14-dev
  # tst_reportpage reads the Report's PDF back with pdftotext.
  poppler-utils
  # tst_pooler runs the receiver, a worker and the console through PgBouncer (issue 36).
  pgbouncer
)

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q '^install ok installed$'; then
    missing+=("$p")
  fi
done

if [ ${#missing[@]} -eq 0 ]; then
  echo "install-deps: all ${#packages[@]} packages are installed"
  exit 0
fi

echo "install-deps: installing ${missing[*]}"
sudo=()
if [ "$(id -u)" -ne 0 ]; then
  command -v sudo >/dev/null || { echo "install-deps: not root and no sudo: install ${missing[*]} by hand" >&2; exit 1; }
  sudo=(sudo)
fi
export DEBIAN_FRONTEND=noninteractive
"${sudo[@]}" apt-get update -q
"${sudo[@]}" apt-get install -y -q --no-install-recommends "${missing[@]}"
echo "install-deps: done"
