# shellcheck shell=bash
# Debian packages of one environment's binary (scripts/package --format deb), and the version and
# architecture rules they follow, for scripts/package, scripts/check-runtime and the tests.
# Sourced after lib.sh, never run. Linux only: it runs dpkg-deb, md5sum and GNU find and touch.
#
# The package installs side by side with the other environments' (no file shared, only folders):
#   /usr/bin/<binary>
#   /usr/share/<binary>/<Env>.env, Base.env      read from /usr/bin/<binary> as <prefix>/share/<binary>/
#   /usr/share/<binary>/installed-by             'dpkg <binary>': update says to use apt instead
#   /usr/share/man/man1/<binary>.1.gz
#   /usr/share/bash-completion/completions/<binary>
#   /usr/share/zsh/vendor-completions/_<binary>
#   /usr/share/fish/vendor_completions.d/<binary>.fish
#   /usr/share/doc/<binary>/copyright (and changelog.gz when the checkout has a CHANGELOG.md)

# What a user's machine needs, as README.md's "What a user's machine needs" names it: the C
# library (2.36 or later: the newest symbol version the binary takes from it, which deb_build
# checks) and GCC's runtime (libgcc_s.so.1, which the C library loads to unwind a thread that
# ends through pthread_exit or is cancelled: scripts/build says why the binary does not link it), and
# libcurl4 and ca-certificates, which it loads and reads on its first request. Change it with the
# README and scripts/check-runtime's runtime_packages (Tests/scripts/package.bats holds them together).
deb_depends="libc6 (>= 2.36), libgcc-s1, libcurl4, ca-certificates"

# deb_version SEMVER: the Debian version of a semantic version: the pre-release's '-' becomes '~',
# so that 0.2.0~rc.3 sorts before 0.2.0 as 0.2.0-rc.3 does before 0.2.0 (and 0.2.0~dev.4+abc1234
# before 0.2.0~rc.1). Status 1, nothing printed, for a version with another '-' (a pre-release
# identifier with a hyphen: Debian reads a '-' as the start of a revision) or a character Debian
# versions do not take.
deb_version() {
    local v=$1 core rest
    [[ $v =~ ^[0-9]+\.[0-9]+\.[0-9]+([-+][0-9A-Za-z.+-]*)?$ ]] || return 1
    case $v in
        *-*)
            core=${v%%-*} rest=${v#*-}
            [[ $rest != *-* ]] || return 1
            v="$core~$rest"
            ;;
    esac
    printf '%s\n' "$v"
}

# deb_arch: this machine's Debian architecture (amd64, arm64), from uname -m; status 1 for another.
deb_arch() {
    case "$(uname -m)" in
        x86_64 | amd64) echo amd64 ;;
        aarch64 | arm64) echo arm64 ;;
        *) return 1 ;;
    esac
}

# deb_copyright LICENSE: /usr/share/doc/<binary>/copyright in Debian's machine-readable format,
# from the project's LICENSE (its 'Copyright' line and its text).
deb_copyright() {
    local holder
    holder=$(sed -n 's/^Copyright (c) //p' "$1" | head -n 1)
    printf 'Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/\n'
    printf 'Upstream-Name: meli\n\nFiles: *\nCopyright: %s\nLicense: MIT\n' "${holder:-the meli developers}"
    # The license text, each line indented by one space, an empty line as ' .'.
    awk 'NR == 1 && /^MIT License$/ { next } NR == 2 && /^$/ { next } { print ($0 == "" ? " ." : " " $0) }' "$1"
}

# deb_build STAGE TOP BINARY VERSION EPOCH OUT: the package of the files scripts/package generated
# in TOP (the tarball's layout: bin/, share/<binary>/, share/man/..., the completions) as
# OUT/<binary>_<debversion>_<arch>.deb, written whole then renamed; prints its path. STAGE is an
# empty private folder to build in. Reproducible: every time is EPOCH (SOURCE_DATE_EPOCH), owner
# and group root (--root-owner-group), modes fixed whatever the umask, xz on one thread.
# shellcheck disable=SC2154 # meli_root is lib.sh's
deb_build() {
    local stage=$1 top=$2 binary=$3 version=$4 epoch=$5 out=$6 debversion arch root size name tmp glibc needs
    command -v dpkg-deb >/dev/null 2>&1 || die "dpkg-deb is missing: a .deb is built with it" \
        "Install Debian's dpkg package (scripts/setup does), or make a tarball (--format tar.gz)."
    debversion=$(deb_version "$version") || die "$version cannot be a Debian version (a '-' inside its pre-release, or a character Debian versions do not take)" \
        "Package a commit whose version is X.Y.Z, X.Y.Z-rc.N or X.Y.Z-dev.N+SHA (scripts/version says what a commit builds)."
    arch=$(deb_arch) || die "no Debian architecture for this machine's $(uname -m)" "Build the .deb on x86_64 (amd64) or aarch64 (arm64)."
    root="$stage/root"
    mkdir -p "$root/DEBIAN" "$root/usr/bin" "$root/usr/share/$binary" "$root/usr/share/man/man1" \
        "$root/usr/share/bash-completion/completions" "$root/usr/share/zsh/vendor-completions" \
        "$root/usr/share/fish/vendor_completions.d" "$root/usr/share/doc/$binary"
    cp "$top/bin/$binary" "$root/usr/bin/$binary"
    # Depends holds what the binary takes from the C library: its newest GLIBC_ symbol version.
    glibc=$(readelf --dyn-syms -W "$top/bin/$binary" 2>/dev/null | grep -o 'GLIBC_[0-9][0-9.]*' | sed 's/^GLIBC_//' | sort -V | tail -n 1 || true)
    needs=${deb_depends#*libc6 (>= } && needs=${needs%%)*}
    if [ -n "$glibc" ] && dpkg --compare-versions "$glibc" gt "$needs"; then
        die "$binary takes symbols of the GNU C library $glibc, and the package would say it needs $needs (libc6 in deb_depends)" \
            "Raise the version in scripts/deb.sh's deb_depends and README.md's \"What a user's machine needs\" together, or build on an older system."
    fi
    cp "$top/share/$binary/"*.env "$root/usr/share/$binary/"
    printf 'dpkg %s\n' "$binary" >"$root/usr/share/$binary/installed-by"
    gzip -9 -n <"$top/share/man/man1/$binary.1" >"$root/usr/share/man/man1/$binary.1.gz"
    cp "$top/share/bash-completion/completions/$binary" "$root/usr/share/bash-completion/completions/$binary"
    cp "$top/share/zsh/site-functions/_$binary" "$root/usr/share/zsh/vendor-completions/_$binary"
    cp "$top/share/fish/vendor_completions.d/$binary.fish" "$root/usr/share/fish/vendor_completions.d/$binary.fish"
    deb_copyright "$meli_root/LICENSE" >"$root/usr/share/doc/$binary/copyright"
    if [ -f "$meli_root/CHANGELOG.md" ]; then
        gzip -9 -n <"$meli_root/CHANGELOG.md" >"$root/usr/share/doc/$binary/changelog.gz"
    fi

    # Installed-Size: KiB, each file rounded up, as dpkg-gencontrol counts it.
    size=$(find "$root/usr" -type f -printf '%s\n' | awk '{ k += int(($1 + 1023) / 1024) } END { print k + 0 }')
    {
        printf 'Package: %s\nVersion: %s\nArchitecture: %s\n' "$binary" "$debversion" "$arch"
        printf 'Maintainer: %s\n' "${MELI_DEB_MAINTAINER:-the meli developers <meli@users.noreply.github.com>}"
        printf 'Installed-Size: %s\nDepends: %s\nSection: utils\nPriority: optional\n' "$size" "$deb_depends"
        printf 'Description: MercadoLibre catalog on the command line (%s)\n' "$binary"
        printf ' %s searches sites, categories and items of the MercadoLibre catalog.\n' "$binary"
        printf ' Its environment files are in /usr/share/%s; apt updates it, not %s update.\n' "$binary" "$binary"
    } >"$root/DEBIAN/control"
    (cd "$root" && find usr -type f | LC_ALL=C sort | xargs md5sum) >"$root/DEBIAN/md5sums"

    find "$root" -type d -exec chmod 0755 {} +
    find "$root" -type f -exec chmod 0644 {} +
    chmod 0755 "$root/usr/bin/$binary"
    find "$root" -exec touch -h -d "@$epoch" {} +

    name="${binary}_${debversion}_${arch}.deb"
    tmp=$(mktemp "$out/.$name.XXXXXX")
    SOURCE_DATE_EPOCH=$epoch dpkg-deb --root-owner-group -Zxz --threads-max=1 --build "$root" "$tmp" >/dev/null \
        || die "dpkg-deb could not build $name (its message is above)"
    chmod 0644 "$tmp"
    mv -f "$tmp" "$out/$name"
    echo "$out/$name"
}
