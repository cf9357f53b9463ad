#!/usr/bin/env bats
# scripts/build's command line (the release build itself is exercised by packaging).

load git_env

setup() {
    build="$BATS_TEST_DIRNAME/../../scripts/build"
    git_env
}

@test "the environment is required and checked before anything is built" {
    run "$build"
    [ "$status" -eq 2 ]
    choices=$(bash -c '. "$1/lib.sh" && env_choices' - "$(dirname "$build")")
    [[ $choices == "dev, qa"*" or "* ]]
    [[ $output == *"which environment? $choices"* ]]
    run "$build" nope
    [ "$status" -eq 2 ]
    [[ $output == *"unknown environment 'nope'; use $choices"* ]]
    run "$build" qa dev
    [ "$status" -eq 2 ]
    run "$build" --frobnicate qa
    [ "$status" -eq 2 ]
    [[ $output == *"unknown option '--frobnicate'"* ]]
}

@test "--help names what a static link needs" {
    run "$build" --help
    [ "$status" -eq 0 ]
    [[ $output == *"libcurl4-openssl-dev"* ]]
}

# The compile itself is real in reproducible.bats; here swift and setarch are stand-ins that record
# how scripts/build calls them, in a throwaway repository, to check the flags reproducibility needs
# and the fallback when address randomisation cannot be turned off (as in a default Docker container).
make_repo_with_stubs() { # $1: "works" or "refused" for setarch -R
    work="$BATS_TEST_TMPDIR/work"
    mkdir -p "$work/repo/Config" "$work/stubs" "$work/products"
    cp -r "$BATS_TEST_DIRNAME/../../scripts" "$BATS_TEST_DIRNAME/../../VERSION" "$work/repo/"
    cp "$BATS_TEST_DIRNAME/../../Config/environments" "$work/repo/Config/"
    git -C "$work/repo" init -q -b develop
    git -C "$work/repo" add -A
    git -C "$work/repo" commit -q -m init
    cat >"$work/stubs/swift" <<STUB
#!/usr/bin/env bash
if [[ " \$* " == *" --show-bin-path "* ]]; then echo "$work/products"; exit 0; fi
echo "swift \$* aslr=\${STUB_ASLR:-on}" >>"$work/calls"
cp "$(type -P true)" "$work/products/meli-qa"
STUB
    if [ "$1" = works ]; then
        printf '#!/usr/bin/env bash\n[ "$2" = -R ] || exit 9\nshift 2\nSTUB_ASLR=off exec "$@"\n' >"$work/stubs/setarch"
    else
        printf '#!/usr/bin/env bash\necho "setarch: failed to set personality to x86_64: Operation not permitted" >&2\nexit 1\n' >"$work/stubs/setarch"
    fi
    # libcurl's development files are not what these tests are about: say they are there.
    printf '#!/usr/bin/env bash\necho "\tlibcurl.so (libc6,x86-64) => /usr/lib/libcurl.so"\n' >"$work/stubs/ldconfig"
    chmod +x "$work/stubs/swift" "$work/stubs/setarch" "$work/stubs/ldconfig"
}

@test "the release build maps the checkout out, drops debug info and module hashes, and turns address randomisation off" {
    [ "$(uname -s)" = Linux ] || skip "setarch is Linux's"
    make_repo_with_stubs works
    run env PATH="$work/stubs:$PATH" sh -c 'umask 077 && exec "$0" --no-install qa' "$work/repo/scripts/build"
    [ "$status" -eq 0 ]
    [ -x "$work/repo/dist/bin/meli-qa" ]
    # Readable by others whatever the umask: folders 0755, the binary 0755.
    [ "$(ls -ld "$work/repo/dist" "$work/repo/dist/bin" "$work/repo/dist/bin/meli-qa" | cut -c1-10 | sort -u)" = "-rwxr-xr-x
drwxr-xr-x" ]
    calls=$(cat "$work/calls")
    [[ $calls == *"-c release"* ]]
    [[ $calls == *"-debug-info-format none"* ]]
    [[ $calls == *"-Xfrontend -Xswiftc -disable-incremental-llvm-codegen"* ]]
    [[ $calls == *"-file-prefix-map -Xswiftc $work/repo=."* ]]
    [[ $calls == *"-ffile-prefix-map=$work/repo=."* ]]
    [[ $calls == *"aslr=off"* ]]
    # What Package.swift compiles in from Config/ changes the command line when it changes (SwiftPM
    # does not rebuild for settings the manifest computes).
    # (lib.sh's sha256: macOS has no sha256sum.)
    digest=$(. "$work/repo/scripts/lib.sh" && sha256 "$work/repo/Config/environments")
    [[ $calls == *"-DMELI_CONFIG_DIGEST=\"$digest\""* ]] || { echo "$calls"; return 1; }
    [ "$(grep -c 'warning' <<<"$output")" -eq 0 ]
}

@test "where setarch -R is refused the build goes on and says it may not be reproducible" {
    [ "$(uname -s)" = Linux ] || skip "setarch is Linux's"
    make_repo_with_stubs refused
    run env PATH="$work/stubs:$PATH" "$work/repo/scripts/build" --no-install qa
    [ "$status" -eq 0 ]
    [[ $output == *"warning: cannot turn address randomisation off here"* ]]
    [[ $output == *"--security-opt seccomp=unconfined"* ]]
    [[ $(cat "$work/calls") == *"aslr=on"* ]]
    [ -x "$work/repo/dist/bin/meli-qa" ]
}

@test "the static standard library's copy unpins only Swift functions, and is remade only for a new toolchain" {
    [ "$(uname -s)" = Linux ] || skip "the copy is made for Linux's static link only"
    work="$BATS_TEST_TMPDIR/stdlib"
    mkdir -p "$work/source/linux" "$work/source/shims" "$work/objects"
    printf 'public func shown(_ x: Int) -> Int { x &* 3 }\n' >"$work/objects/a.swift"
    printf '__attribute__((used, retain)) int kept(int x) { return x * 5; }\n' >"$work/objects/b.c"
    (cd "$work/objects" && swiftc -parse-as-library -O -c a.swift -module-name A -o a.o && clang -O2 -ffunction-sections -c b.c -o b.o && ar rc "$work/source/linux/libfake.a" a.o b.o)
    printf 'module\n' >"$work/source/linux/Fake.swiftmodule"
    flags() { readelf -SW "$1" | awk -v s="$2" '$2 == s || $3 == s { print ($2 == s) ? $8 : $9 }'; }
    [[ $(flags "$work/objects/a.o" '.text.$s1A5shownyS2iF') == *R* ]]

    run python3 "$BATS_TEST_DIRNAME/../../scripts/collectable-stdlib.py" "$work/source" "$work/dest"
    [ "$status" -eq 0 ]
    [ -L "$work/dest/shims" ] && [ -L "$work/dest/linux/Fake.swiftmodule" ]
    [ -f "$work/dest/linux/libfake.a" ] && [ ! -L "$work/dest/linux/libfake.a" ]
    (cd "$work/objects" && rm a.o b.o && ar x "$work/dest/linux/libfake.a")
    [ "$(flags "$work/objects/a.o" '.text.$s1A5shownyS2iF')" = AX ]
    [[ $(flags "$work/objects/b.o" '.text.kept') == *R* ]]
    # The same toolchain: left as it is. Another (an archive changed): made again.
    before=$(ls -li "$work/dest/linux/libfake.a")
    sleep 1
    python3 "$BATS_TEST_DIRNAME/../../scripts/collectable-stdlib.py" "$work/source" "$work/dest"
    [ "$(ls -li "$work/dest/linux/libfake.a")" = "$before" ]
    touch "$work/source/linux/libfake.a"
    python3 "$BATS_TEST_DIRNAME/../../scripts/collectable-stdlib.py" "$work/source" "$work/dest"
    [ "$(ls -li "$work/dest/linux/libfake.a")" != "$before" ]
}

@test "the link order keeps the binary's own functions of a callgrind profile, as the linker names them" {
    profile="$BATS_TEST_TMPDIR/profile"
    # Names are given at their first use (fn= or cfn=), by number after; ob= says whose they are.
    printf '%s\n' 'ob=(1) /x/meli-qa' 'fn=(1) $s4main3runyyF' 'cfn=(2) swift_retain' 'fn=(3) 0x0000000000001234' \
        "fn=(4) helper'2" 'ob=(2) /lib/libc.so.6' 'fn=(5) malloc' 'ob=(1)' 'fn=(2)' 'fn=(6) (below main)' >"$profile"
    run python3 -B -c 'import importlib.util, sys
spec = importlib.util.spec_from_file_location("link_order", sys.argv[1])
module = importlib.util.module_from_spec(spec)
spec.loader.exec_module(module)
print(" ".join(sorted(module.executed(sys.argv[2], "/x/meli-qa"))))' "$BATS_TEST_DIRNAME/../../scripts/link-order.py" "$profile"
    [ "$status" -eq 0 ]
    [ "$output" = '$s4main3runyyF helper swift_retain' ]
}
