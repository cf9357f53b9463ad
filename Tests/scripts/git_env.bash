# Loaded by the bats files that run git: every test starts where a new user starts, with no
# global or system git configuration, a home of its own, and the identity it commits with set in
# its own environment, never read from the machine's.

# Isolates git from the machine and gives the test its own identity.
git_env() {
    export HOME="$BATS_TEST_TMPDIR/home"
    mkdir -p "$HOME"
    export GIT_CONFIG_GLOBAL=/dev/null GIT_CONFIG_NOSYSTEM=1
    export GIT_AUTHOR_NAME="Test Author" GIT_AUTHOR_EMAIL=author@example.com
    export GIT_COMMITTER_NAME="Test Committer" GIT_COMMITTER_EMAIL=committer@example.com
    unset GIT_DIR GIT_WORK_TREE GITHUB_REF GIT_AUTHOR_DATE GIT_COMMITTER_DATE
}

# Takes the identity away again, as on a machine where git was never told who the user is. The
# repository in the working directory also refuses to guess one from the host name.
no_git_identity() {
    unset GIT_AUTHOR_NAME GIT_AUTHOR_EMAIL GIT_COMMITTER_NAME GIT_COMMITTER_EMAIL EMAIL
    git config user.useConfigOnly true
}

# A new repository in $1 with one commit on main holding VERSION $2, and no tag.
new_repo() {
    git init -q -b main "$1"
    cd "$1"
    echo "$2" >VERSION
    echo code >app.txt
    git add VERSION app.txt
    git commit -q -m "Initial commit"
}
