#!/usr/bin/env bash
# Writes opcheck's bash completion from the command line's own help:
#
#   scripts/bash-completion.sh OPCHECK [OUTPUT]
#
# OPCHECK is the built binary; the result goes to OUTPUT (written whole or
# not at all) or to standard output. The completion offers the subcommands, each
# command's options (from `opcheck [SUBCOMMAND] --help`), the values of an
# option whose help lists them (`--format herd|json`), the model names of
# `opcheck models` after --model, --op and --ax, and file names elsewhere.
# The build runs this (CMakeLists.txt); `cmake --install` puts the file in
# share/bash-completion/completions.
set -euo pipefail
opcheck=$1
output=${2:-}
if [ -n "$output" ]; then
  exec >"$output.partial"
fi

subcommands=$("$opcheck" --help | sed -n 's/^ *\(usage: \)\{0,1\}opcheck \([a-z][a-z]*\) \.\.\..*/\2/p' | tr '\n' ' ')

# The models: the axiomatic ones and ptx-op, each a line "  NAME ..." of
# `opcheck models`, and ptx-op,PRESET for each preset ("          PRESET  ...").
models=$("$opcheck" models | awk '
  /^  [a-z]/ { print $1 }
  /^        presets / { presets = 1; next }
  /^[^ ]/ { presets = 0 }
  presets && /^          [a-z]/ { print "ptx-op," $1 }
' | sort -u | tr '\n' ' ')

# "OPTION VALUE-LIST" lines for one command's help: every option spelling,
# and for an option whose argument lists its values (a|b|c, a default
# after '=' left out) those values; "MODEL" for a model argument, "-" for
# another argument, nothing for a flag.
options_of() {
  "$opcheck" "$@" --help | awk '
    /^Options:$/ { list = 1; next }
    /^$/ { list = 0 }
    list && /^  -/ {
      line = substr($0, 3)
      if (match(line, /  +/)) line = substr(line, 1, RSTART - 1)
      split(line, parts, " ")
      names = parts[1]; argument = parts[2]
      sub(/\{.*/, "", names)
      sub(/=.*/, "", argument)
      if (argument ~ /^MODEL/) values = "MODEL"
      else if (argument ~ /^[a-z0-9.-]+(\|[a-z0-9.-]+)+$/) { values = argument; gsub(/\|/, " ", values) }
      else if (argument != "") values = "-"
      else values = ""
      count = split(names, spellings, ",")
      for (i = 1; i <= count; ++i) print spellings[i] "\t" values
    }'
}

# A case arm that sets the options of one command and the values each takes.
command_arm() {
  local pattern=$1
  shift
  local table
  table=$(options_of "$@")
  printf '    %s)\n' "$pattern"
  printf "      options='%s'\n" "$(cut -f1 <<<"$table" | tr '\n' ' ' | sed 's/ $//')"
  printf '      case $previous in\n'
  while IFS=$'\t' read -r option values; do
    case $values in
      "") ;;
      MODEL) printf '        %s) values=$models ;;\n' "$option" ;;
      -) printf '        %s) values=- ;;\n' "$option" ;;
      *) printf "        %s) values='%s' ;;\n" "$option" "$values" ;;
    esac
  done <<<"$table"
  printf '      esac\n'
  printf '      ;;\n'
}

cat <<EOF
# bash completion for opcheck, generated from its help by scripts/bash-completion.sh.
_opcheck() {
  local current=\${COMP_WORDS[COMP_CWORD]}
  local previous=\${COMP_WORDS[COMP_CWORD - 1]}
  local subcommands='$subcommands'
  local models='$models'
  local command='' word options values=''
  for word in "\${COMP_WORDS[@]:1:COMP_CWORD - 1}"; do
    case " \$subcommands " in
      *" \$word "*) command=\$word; break ;;
    esac
  done
  case \$command in
EOF
for subcommand in $subcommands; do
  command_arm "$subcommand" "$subcommand"
done
command_arm "*" 
cat <<'EOF'
  esac
  if [ "$values" = - ]; then
    COMPREPLY=($(compgen -f -- "$current"))
  elif [ -n "$values" ]; then
    COMPREPLY=($(compgen -W "$values" -- "$current"))
  elif [[ $current == -* ]]; then
    COMPREPLY=($(compgen -W "$options" -- "$current"))
  elif [ -z "$command" ] && [ "$COMP_CWORD" -eq 1 ]; then
    COMPREPLY=($(compgen -W "$subcommands help" -- "$current") $(compgen -f -- "$current"))
  else
    COMPREPLY=($(compgen -f -- "$current"))
  fi
}
complete -o filenames -F _opcheck opcheck
EOF
if [ -n "$output" ]; then
  mv "$output.partial" "$output"
fi
