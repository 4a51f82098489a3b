#!/usr/bin/env bash
# Writes opcheck's manual page (roff, section 1) from the command line's own
# help, so that the page says what the program does:
#
#   scripts/man-page.sh OPCHECK [OUTPUT]
#
# OPCHECK is the built binary; the result goes to OUTPUT (written whole or
# not at all) or to standard output. The page has the usage of `opcheck --help`,
# the run command's options, then one part per subcommand with its
# description, options and exit status, each from `opcheck SUBCOMMAND
# --help`. The build runs this (CMakeLists.txt); `cmake --install` puts the
# page in share/man/man1.
set -euo pipefail
opcheck=$1
output=${2:-}
if [ -n "$output" ]; then
  exec >"$output.partial"
fi
version=$("$opcheck" --version | awk '{ print $2 }')

# Roff from one command's CLI11 help on standard input: the first line is
# the description; "Positionals:" and "Options:" list NAME ARGS, two or more
# spaces, then the text (on the next line, indented, when NAME ARGS is
# long); free text follows a blank line. HEADING is the roff for the
# command's own heading (empty for the run command).
to_roff() {
  awk -v heading="$1" '
    # Roff escapes: backslashes first, then hyphens as minus signs (so that
    # options can be searched and copied), then a leading dot or quote.
    function roff(text) {
      gsub(/\\/, "\\e", text)
      gsub(/-/, "\\-", text)
      if (text ~ /^[.'"'"']/) text = "\\&" text
      return text
    }
    function flush() {
      if (item != "") options = options ".TP\n\\fB" roff(item) "\\fR\n" roff(body) "\n"
      item = ""; body = ""
    }
    NR == 1 { description = $0; next }
    /^Usage: / { usage = substr($0, 8); next }
    /^(Positionals|Options):$/ { flush(); list = $1; next }
    /^$/ { flush(); list = ""; next }
    list != "" && /^  [^ ]/ {
      flush()
      line = substr($0, 3)
      if (match(line, /  +/)) {
        item = substr(line, 1, RSTART - 1)
        body = substr(line, RSTART + RLENGTH)
      } else {
        item = line
      }
      next
    }
    list != "" && /^   +[^ ]/ {
      sub(/^ +/, "")
      body = body (body == "" ? "" : " ") $0
      next
    }
    {
      free[++frees] = $0
    }
    END {
      flush()
      if (heading != "") print heading
      print roff(description)
      print ".PP"
      print ".B " roff(usage)
      printf "%s", options
      print ".PP"
      for (i = 1; i <= frees; ++i) print roff(free[i]) (i < frees ? "\n.br" : "")
    }
  '
}

# One command's part of the page; the usage lines that `opcheck --help`
# adds after its options go to the synopsis instead.
command_part() {
  local heading=$1
  shift
  "$opcheck" "$@" --help | grep -v '^usage: \|^       opcheck ' | to_roff "$heading"
}

cat <<EOF
.TH OPCHECK 1 "" "opcheck $version" "User Commands"
.SH NAME
opcheck \\- check GPU (NVIDIA PTX) litmus tests against memory models
.SH SYNOPSIS
.nf
EOF
"$opcheck" --help | sed -n '/^usage: /,$p' | sed 's/^usage: //; s/^ *//; s/\\/\\e/g; s/-/\\-/g'
cat <<'EOF'
.fi
.SH DESCRIPTION
EOF
command_part "" | sed '1{/^$/d}'
for subcommand in $("$opcheck" --help | sed -n 's/^ *\(usage: \)\{0,1\}opcheck \([a-z][a-z]*\) \.\.\..*/\2/p'); do
  command_part ".SH \"opcheck $subcommand\"" "$subcommand"
done
cat <<'EOF'
.SH FILES
Tests are litmus files in herd7's format (PTX, and C with scopes); the
dialects, models, JSON output and the rest are described in the docs/
folder of opcheck's sources.
.SH SEE ALSO
.BR herd7 (1),
.BR diy7 (1),
.BR litmus7 (1)
EOF
if [ -n "$output" ]; then
  mv "$output.partial" "$output"
fi
