# Two engineers sharing one origin: the helpers release-team.bats and team-journey.bats share.
# $team is the folder holding origin.git (bare) and each engineer's clone.

# team_clone NAME: a clone of $team/origin.git in $team/NAME whose commits are NAME's (in the
# clone's own config: no identity anywhere else); the working directory then.
team_clone() {
    git clone -q "$team/origin.git" "$team/$1" 2>/dev/null
    cd "$team/$1"
    git config user.name "$1"
    git config user.email "$1@example.com"
}

# as NAME: into NAME's clone.
as() { cd "$team/$1"; }

# work SUBJECT FILE: a commit on the current branch, SUBJECT appended to FILE.
work() {
    echo "$1" >>"$2"
    git add "$2" && git commit -q -m "$1"
}
