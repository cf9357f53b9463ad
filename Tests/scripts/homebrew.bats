#!/usr/bin/env bats
# scripts/homebrew: formulas from real tarballs that scripts/package makes (debug builds, which
# scripts/test makes first) in a throwaway repository with a release tag, checked with ruby -c
# and against the tarballs' own sha256, and its install run by a stand-in for Homebrew's formula
# API into a Cellar of the test's own (no Homebrew here). No Mac builds here either: the darwin
# tarballs are copies of the linux ones under darwin names, which is all a formula sees of them (a
# name and a sum).

load git_env
load portable
load debug_build

setup() {
    repo="$(cd "$BATS_TEST_DIRNAME/../.." && pwd)"
    bin_path=$(packaged_bin_path "$repo")
    git_env
    unset GITHUB_REPOSITORY
    out="$BATS_TEST_TMPDIR/out"
    machine=$(uname -s | tr '[:upper:]' '[:lower:]')_$(uname -m)
}

# A throwaway repository at $work on the release tag v0.1.0, and in $out the tarballs of meli,
# meli-qa and meli-dev for this machine, plus copies of meli's and meli-qa's named for darwin
# arm64 and x86_64, each listed in checksums.txt. Made once for the file (packaging three debug
# binaries takes seconds), then copied into each test that asks, which may change its copy.
tarballs() {
    local made="$BATS_FILE_TMPDIR/tarballs"
    if [ ! -d "$made/out" ]; then
        (work="$made/work" out="$made/out" && make_tarballs) || return 1
    fi
    work="$BATS_TEST_TMPDIR/work"
    cp -R "$made/work" "$made/out" "$BATS_TEST_TMPDIR/"
}

make_tarballs() {
    mkdir -p "$work/Config"
    cp -R "$repo/scripts" "$work/"
    cp "$repo"/Config/*.env "$repo/Config/environments" "$work/Config/"
    cp "$repo/README.md" "$repo/LICENSE" "$work/"
    echo 0.1.0 >"$work/VERSION"
    git init -q -b main "$work"
    git -C "$work" add -A
    git -C "$work" commit -q -m "Initial commit"
    git -C "$work" tag -a v0.1.0 -m "release 0.1.0"
    for env in production qa dev; do
        binary=$(. "$repo/scripts/lib.sh" && env_field "$env" binary)
        (cd "$work" && scripts/package --binary "$bin_path/$binary" --out "$out" "$env" >/dev/null)
    done
    for binary in meli meli-qa; do
        for darwin in darwin_arm64 darwin_x86_64; do
            cp "$out/${binary}_0.1.0_$machine.tar.gz" "$out/${binary}_0.1.0_$darwin.tar.gz"
            (cd "$out" && sha256_line "${binary}_0.1.0_$darwin.tar.gz" >>checksums.txt)
        done
    done
}

# The url and sha256 pairs of a formula, 'URL SHA256' a line.
pairs() { awk '$1 == "url" { gsub(/"/, "", $2); url = $2 } $1 == "sha256" { gsub(/"/, "", $2); print url, $2 }' "$1"; }

@test "a formula per published environment, valid Ruby, every url's sha256 the tarball's own" {
    tarballs
    run "$repo/scripts/homebrew" --repo owner/repo --tap-dir "$BATS_TEST_TMPDIR/tap" "$out"
    [ "$status" -eq 0 ] || { echo "$output"; return 1; }
    [[ $output == *"meli-dev: no formula; its builds are published nowhere"* ]]
    [ "$(ls "$BATS_TEST_TMPDIR/tap/Formula")" = "meli-qa.rb
meli.rb" ]
    for binary in meli meli-qa; do
        formula="$BATS_TEST_TMPDIR/tap/Formula/$binary.rb"
        [ "$(ruby -c "$formula")" = "Syntax OK" ]
        # One pair per tarball of the binary, each pointing at the place it is published.
        [ "$(pairs "$formula" | wc -l)" -eq 3 ]
        case "$binary" in
            meli) place=https://github.com/owner/repo/releases/download/v0.1.0 ;;
            meli-qa) place=https://github.com/owner/repo/releases/download/qa-channel ;;
        esac
        while read -r url sha; do
            [ "${url%/*}" = "$place" ] || { echo "$url is not under $place"; return 1; }
            file=${url##*/}
            [[ $file == "${binary}_0.1.0_"* ]]
            [ "$sha" = "$(sha256_of "$out/$file")" ] || { echo "$file: $sha is not its sha256"; return 1; }
        done < <(pairs "$formula")
        grep -q '^  version "0.1.0"$' "$formula"
        grep -qF "(share/\"$binary/installed-by\").write \"brew owner/tap/$binary\\n\"" "$formula"
        grep -qF "bin.install \"bin/$binary\"" "$formula"
        grep -qF "man1.install \"share/man/man1/$binary.1\"" "$formula"
        grep -qF "shell_output(\"#{bin}/$binary --version\")" "$formula"
    done
    grep -q '^class Meli < Formula$' "$BATS_TEST_TMPDIR/tap/Formula/meli.rb"
    grep -q '^class MeliQa < Formula$' "$BATS_TEST_TMPDIR/tap/Formula/meli-qa.rb"
    # on_macos holds on_arm and on_intel; on_linux this machine's arch.
    run ruby -e 'text = File.read(ARGV[0]); puts text[/^  on_macos do\n(.*?)^  end$/m, 1].scan(/^    (on_\w+)/).join(" "); puts text[/^  on_linux do\n(.*?)^  end$/m, 1].scan(/^    (on_\w+)/).join(" ")' "$BATS_TEST_TMPDIR/tap/Formula/meli.rb"
    [ "${lines[0]}" = "on_arm on_intel" ]
    case "$(uname -m)" in x86_64) [ "${lines[1]}" = on_intel ] ;; *) [ "${lines[1]}" = on_arm ] ;; esac
    # The tarballs hold what the formula installs.
    listing=$(tar tzf "$out/meli_0.1.0_$machine.tar.gz")
    for path in bin/meli share/meli/Prod.env share/man/man1/meli.1 share/bash-completion/completions/meli \
        share/zsh/site-functions/_meli share/fish/vendor_completions.d/meli.fish; do
        [[ $listing == *"meli_0.1.0_$machine/$path"* ]] || { echo "the tarball has no $path"; return 1; }
    done
}

@test "--commit commits the formulas in the tap's clone and pushes nothing; --push pushes" {
    tarballs
    git init -q --bare -b main "$BATS_TEST_TMPDIR/homebrew-tap.git"
    git clone -q "$BATS_TEST_TMPDIR/homebrew-tap.git" "$BATS_TEST_TMPDIR/tap" 2>/dev/null
    run "$repo/scripts/homebrew" --repo owner/repo --tap-dir "$BATS_TEST_TMPDIR/tap" --commit "$out"
    [ "$status" -eq 0 ] || { echo "$output"; return 1; }
    [ "$(git -C "$BATS_TEST_TMPDIR/tap" log --format=%s)" = "meli-qa 0.1.0, meli 0.1.0" ]
    [ "$(git -C "$BATS_TEST_TMPDIR/tap" show --name-only --format= HEAD)" = "Formula/meli-qa.rb
Formula/meli.rb" ]
    [ -z "$(git -C "$BATS_TEST_TMPDIR/homebrew-tap.git" for-each-ref)" ]
    # Again: nothing new to commit. Then pushed when told.
    run "$repo/scripts/homebrew" --repo owner/repo --tap-dir "$BATS_TEST_TMPDIR/tap" --push "$out"
    [ "$status" -eq 0 ] || { echo "$output"; return 1; }
    [[ $output == *"nothing to commit"* ]]
    [ "$(git -C "$BATS_TEST_TMPDIR/tap" rev-list --count HEAD)" -eq 1 ]
    [ "$(git -C "$BATS_TEST_TMPDIR/homebrew-tap.git" rev-parse main)" = "$(git -C "$BATS_TEST_TMPDIR/tap" rev-parse HEAD)" ]
}

@test "a tarball that does not match checksums.txt, or an unreleased production, writes nothing" {
    tarballs
    printf 'x' >>"$out/meli-qa_0.1.0_darwin_arm64.tar.gz"
    run "$repo/scripts/homebrew" --repo owner/repo --tap-dir "$BATS_TEST_TMPDIR/tap" "$out"
    [ "$status" -eq 1 ]
    [[ $output == *"meli-qa_0.1.0_darwin_arm64.tar.gz does not match its line in $out/checksums.txt"* ]]
    [ ! -e "$BATS_TEST_TMPDIR/tap" ]
    # The folder of an unreleased production build: its formula would point at no release.
    mkdir "$BATS_TEST_TMPDIR/dev"
    git -C "$work" checkout -q -b develop
    git -C "$work" commit -q --allow-empty -m "after the release"
    (cd "$work" && scripts/package --allow-unreleased --binary "$bin_path/meli" --out "$BATS_TEST_TMPDIR/dev" production >/dev/null)
    run "$repo/scripts/homebrew" --repo owner/repo --tap-dir "$BATS_TEST_TMPDIR/tap" "$BATS_TEST_TMPDIR/dev"
    [ "$status" -eq 1 ]
    [[ $output == *"is not a release (X.Y.Z)"* ]]
    [ ! -e "$BATS_TEST_TMPDIR/tap" ]
}

@test "bad arguments exit 2; the repository comes from GITHUB_REPOSITORY or origin" {
    run "$repo/scripts/homebrew"
    [ "$status" -eq 2 ]
    run "$repo/scripts/homebrew" --frobnicate "$BATS_TEST_TMPDIR"
    [ "$status" -eq 2 ]
    run "$repo/scripts/homebrew" --repo 'not a repo' "$BATS_TEST_TMPDIR"
    [ "$status" -eq 1 ]   # no checksums.txt there: said first
    tarballs
    run "$repo/scripts/homebrew" --repo 'not a repo' "$out"
    [ "$status" -eq 2 ]
    [[ $output == *"is not a GitHub OWNER/REPO"* ]]
    GITHUB_REPOSITORY=someone/meli run "$repo/scripts/homebrew" --tap-dir "$BATS_TEST_TMPDIR/tap" "$out"
    [ "$status" -eq 0 ]
    grep -q 'releases/download/v0.1.0/' "$BATS_TEST_TMPDIR/tap/Formula/meli.rb"
    grep -q 'github.com/someone/meli/' "$BATS_TEST_TMPDIR/tap/Formula/meli.rb"
    grep -qF '"brew someone/tap/meli\n"' "$BATS_TEST_TMPDIR/tap/Formula/meli.rb"
}

@test "the formula's install, run as Homebrew would in a Cellar, gives a binary that reads its env files there and says brew upgrade" {
    tarballs
    "$repo/scripts/homebrew" --repo owner/repo --tap-dir "$BATS_TEST_TMPDIR/tap" "$out" >/dev/null
    # Homebrew itself is not here: a stand-in for the few parts of its formula API that install
    # uses (bin, share, man1, the completion folders, Pathname#install and #write), run in the
    # unpacked tarball's top folder as brew runs it, into a Cellar of the test's own.
    cat >"$BATS_TEST_TMPDIR/brew-stand-in.rb" <<'RUBY'
require "pathname"
require "fileutils"
class Formula
  %i[desc homepage version license url sha256 on_macos on_linux on_arm on_intel test].each do |name|
    define_singleton_method(name) { |*_args, &_block| nil }
  end
  def initialize(prefix) = @prefix = Pathname(prefix)
  def bin = @prefix / "bin"
  def share = @prefix / "share"
  def man1 = share / "man/man1"
  def bash_completion = @prefix / "etc/bash_completion.d"
  def zsh_completion = share / "zsh/site-functions"
  def fish_completion = share / "fish/vendor_completions.d"
end
class Pathname
  def install(*sources)
    mkpath
    sources.flatten.each { |source| FileUtils.mv(source, self) }
  end
end
load ARGV[0]
Dir.chdir(ARGV[2]) { Object.const_get(ARGV[1]).new(ARGV[3]).install }
RUBY
    mkdir "$BATS_TEST_TMPDIR/unpacked"
    tar xzf "$out/meli-qa_0.1.0_$machine.tar.gz" -C "$BATS_TEST_TMPDIR/unpacked"
    brew="$BATS_TEST_TMPDIR/homebrew"
    cellar="$brew/Cellar/meli-qa/0.1.0"
    ruby "$BATS_TEST_TMPDIR/brew-stand-in.rb" "$BATS_TEST_TMPDIR/tap/Formula/meli-qa.rb" MeliQa \
        "$BATS_TEST_TMPDIR/unpacked/meli-qa_0.1.0_$machine" "$cellar"
    for path in bin/meli-qa share/meli-qa/QA.env share/meli-qa/Base.env share/man/man1/meli-qa.1 \
        etc/bash_completion.d/meli-qa share/zsh/site-functions/_meli-qa share/fish/vendor_completions.d/meli-qa.fish; do
        [ -f "$cellar/$path" ] || { echo "the formula installed no $path"; return 1; }
    done
    [ "$(cat "$cellar/share/meli-qa/installed-by")" = "brew owner/tap/meli-qa" ]
    # Linked into the prefix's bin as brew links it; run through the link.
    mkdir -p "$brew/bin" "$BATS_TEST_TMPDIR/home"
    ln -s ../Cellar/meli-qa/0.1.0/bin/meli-qa "$brew/bin/meli-qa"
    run env -i HOME="$BATS_TEST_TMPDIR/home" "$brew/bin/meli-qa" env --json
    [ "$status" -eq 0 ] || { echo "$output"; return 1; }
    [[ $output == *"$cellar/share/meli-qa/QA.env"* ]]
    run env -i HOME="$BATS_TEST_TMPDIR/home" MELI_QA_UPDATE_FEED_URL="$BATS_TEST_TMPDIR/feed.json" "$brew/bin/meli-qa" update
    [ "$status" -eq 6 ]
    [[ $output == *"meli-qa was installed with Homebrew"* ]]
    [[ $output == *"  brew upgrade owner/tap/meli-qa"* ]]
    [ -z "$(ls -A "$BATS_TEST_TMPDIR/home")" ]
}
