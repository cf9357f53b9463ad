# Loaded by the bats files that package the debug builds scripts/test makes first (swift build).
#
# On Linux the packages take a stripped copy of each binary, made once per bats run: a debug
# binary is 17.9 MB, 7.5 MB of it symbols and DWARF that no package needs, and gzip -9 of the
# whole file took 8.7 s on 2 busy cores against 4.9 s stripped. Every package and repack the
# suites make paid that (install.bats alone makes dozens). The code and data a package runs are
# the same bytes either way, and release builds are stripped too. On macOS the build's own
# folder: strip there voids the ad hoc signature the linker gave the binary (scripts/build signs
# again after stripping; these tests need not).

# packaged_bin_path REPO: the folder holding the binaries the suites package.
packaged_bin_path() {
    local repo=$1 built stripped name
    # Asked of SwiftPM once a run (half a second each, in every setup that packages).
    if [ -s "$BATS_RUN_TMPDIR/debug-bin-path" ]; then
        built=$(cat "$BATS_RUN_TMPDIR/debug-bin-path")
    else
        built=$(cd "$repo" && swift build --show-bin-path) || return 1
        printf '%s\n' "$built" >"$BATS_RUN_TMPDIR/debug-bin-path"
    fi
    [ "$(uname -s)" = Linux ] || { echo "$built"; return 0; }
    stripped="${BATS_RUN_TMPDIR:?}/stripped-debug"
    mkdir -p "$stripped"
    for name in $(. "$repo/scripts/lib.sh" && env_binaries); do
        stripped_copy "$built/$name" "$stripped" || return 1
    done
    echo "$stripped"
}

# stripped_copy BINARY FOLDER: FOLDER/<BINARY's name>, a stripped copy of BINARY, made again only
# when BINARY is newer; on macOS, a plain copy.
stripped_copy() {
    local binary=$1 folder=$2 name
    name=$(basename "$binary")
    [ -f "$binary" ] || { echo "no $binary: build it first (swift build)" >&2; return 1; }
    if [ -f "$folder/$name" ] && [ ! "$binary" -nt "$folder/$name" ]; then return 0; fi
    mkdir -p "$folder"
    if [ "$(uname -s)" = Linux ]; then
        strip -o "$folder/$name.partial" "$binary"
    else
        cp -p "$binary" "$folder/$name.partial"
    fi
    mv -f "$folder/$name.partial" "$folder/$name"
}
