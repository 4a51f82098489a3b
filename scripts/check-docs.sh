#!/usr/bin/env bash
# Checks that what the code and the docs say about themselves can be looked up
# and stays current (docs/architecture.md cites the rules below):
#   1. No file cites the design document that lives outside the repository
#      (../shared/docs/design[.]md): comments cite docs/architecture.md.
#   2. No issue number in code, scripts or docs: a comment says the fact it
#      stands for ("Issue 17", "issues 3", "#14" are all refused).
#   3. No session history in the Markdown docs: the README and docs/ say what
#      the program does, not when or in which session it changed (the
#      phrases are listed in history_phrases below).
#   4. Every "PTX ISA" citation in a comment or a Markdown doc names the ISA
#      version it cites ("PTX ISA 9.1 8.10.6", "PTX ISA 6.0"): section numbers
#      move between versions. The versions the project cites are listed in
#      isa_versions below.
# Prints every offending line as FILE:LINE: WHAT and exits 1 if there is one.
# Usage: bash scripts/check-docs.sh [REPOSITORY], default the checkout holding
# this script. Needs git, grep and perl (Debian's perl-base).
set -euo pipefail
root=$(cd "${1:-$(dirname "$0")/..}" && pwd)
cd "$root"

# The files the checks read: those git tracks (build trees are never tracked),
# but this script, whose comments quote what it refuses.
mapfile -t files < <(git ls-files | grep -vx 'scripts/check-docs.sh')
failures=0

# Reads FILE:LINE:TEXT hits on standard input, prints each as
# FILE:LINE: WHAT: TEXT and counts it as a failure.
report() {
  local what=$1 location text
  while IFS= read -r hit; do
    location=${hit%%:*}
    text=${hit#*:}
    location+=":${text%%:*}"
    text=${text#*:}
    printf '%s: %s: %s\n' "$location" "$what" "$text"
    failures=$((failures + 1))
  done
}

# Tracked files matching any of the shell patterns given, as a list.
select_files() {
  local file pattern
  for file in "${files[@]}"; do
    for pattern in "$@"; do
      # shellcheck disable=SC2053
      if [[ $file == $pattern ]]; then
        printf '%s\n' "$file"
        break
      fi
    done
  done
}

text_files=(*.cpp *.h *.def *.g4 *.md *.sh *.txt *.cmake *.tsv *.py .ci/*)
markdown=(*.md)
sources=(*.cpp *.h *.def *.g4)
scripts=(*.sh *.txt *.cmake .ci/*)

mapfile -t text < <(select_files "${text_files[@]}")
mapfile -t docs < <(select_files "${markdown[@]}")
mapfile -t code < <(select_files "${sources[@]}")
mapfile -t shell < <(select_files "${scripts[@]}")

# 1. The design document outside the repository.
report "cites design[.]md, which is not in the repository (cite docs/architecture.md)" \
  < <(grep -nE 'design[.]md' "${text[@]}" /dev/null || true)

# 2. Issue numbers: "issue 17", "Issues 3", "#14" (a '#' and two digits or more).
report "cites an issue number (say the fact instead)" \
  < <(grep -nE '\b[Ii]ssues? #?[0-9]+|#[0-9]{2}' "${text[@]}" /dev/null || true)

# 3. Session history: phrases that date a text relative to its writing or tell
# how it changed. Case-insensitive, whole words.
history_phrases=(
  '(this|that|last|previous|earlier|later|next|past) sessions?'  # a work session
  'sessions? [0-9]+'
  '(last|this|next|past) (week|month|year)'
  'yesterday'
  'before and after'          # a diary's comparison of two builds
  'before:'                   # "before: 3.2 s, after: 1.9 s"
  'after:'
  'as it stood'
  '(until|since|before|after) 20[0-9]{2}-[0-9]{2}'  # "the default until 2026-11-23"
  'default (until|before)'
)
pattern=$(IFS='|'; printf '\\b(%s)' "${history_phrases[*]}")
report "session history (say what the program does today)" < <(grep -niE "$pattern" "${docs[@]}" /dev/null || true)

# 4. "PTX ISA" with its version, in comments and Markdown. A version is one of
# isa_versions, followed by a space, a comma, a closing bracket or the end of
# the text; "PTX ISA 8.10.6" (a section alone) and "the PTX ISA's" are refused.
# Word-bounded, so that a test named "PTX ISA2+..." is no citation.
isa_versions='6\.0|7\.5|7\.8|9\.1'
citation_without_version="PTX ISA\\b(?! ($isa_versions)(?![0-9.]))"
# KIND is cpp (the text after // once string literals are removed), shell
# (the text after a #) or markdown (the whole line). A citation broken over
# two lines ("PTX ISA" at the end of one) is read with the next line's start.
find_citations() {
  local kind=$1
  shift
  [ "$#" -gt 0 ] || return 0
  perl -e '
    my ($kind, $bad) = (shift @ARGV, shift @ARGV);
    for my $file (@ARGV) {
      open(my $in, "<", $file) or die "$file: $!\n";
      my @lines = <$in>;
      close $in;
      my @texts = map {
        my $line = $_;
        chomp $line;
        if ($kind eq "cpp") {
          $line =~ s/"(?:[^"\\]|\\.)*"//g;
          $line = $line =~ m{//(.*)$} ? $1 : "";
        } elsif ($kind eq "shell") {
          $line = $line =~ m{#(.*)$} ? $1 : "";
        }
        $line;
      } @lines;
      for my $i (0 .. $#texts) {
        my $text = $texts[$i];
        if ($text =~ /PTX ISA\s*$/ && $i < $#texts) {
          (my $next = $texts[$i + 1]) =~ s{^[\s/#*]*}{};
          $text =~ s/\s*$/ $next/;
        }
        print "$file:", $i + 1, ":$lines[$i]" if $text =~ /$bad/;
      }
    }
  ' "$kind" "$citation_without_version" "$@"
}
what="PTX ISA citation without its version (PTX ISA 9.1 SECTION)"
report "$what" < <(find_citations cpp "${code[@]}")
report "$what" < <(find_citations shell "${shell[@]}")
report "$what" < <(find_citations markdown "${docs[@]}")

if [ "$failures" -ne 0 ]; then
  echo "check-docs: $failures line(s) to fix" >&2
  exit 1
fi
echo "check-docs: citations, issue numbers and history: nothing found"
