# bash completion for irqscope-cli (installed to
# /usr/share/bash-completion/completions/irqscope-cli). Presets and parameter
# paths come from the program itself, so they are always the installed ones.

_irqscope_cli_params() {
    irqscope-cli describe --params --format csv 2>/dev/null | tail -n +2 | cut -d, -f1
}

_irqscope_cli() {
    local cur prev cmd i
    _init_completion -n = || return
    cmd=""
    for ((i = 1; i < cword; i++)); do
        case "${words[i]}" in
            -*) ;;
            *) cmd="${words[i]}"; break ;;
        esac
    done
    if [[ -z "$cmd" ]]; then
        COMPREPLY=($(compgen -W "presets describe run sweep merge import twin --help --version" -- "$cur"))
        return
    fi

    case "$prev" in
        --set | --vary)
            # path=value: complete the path, then the value is the user's
            if [[ "$cur" != *=* ]]; then
                compopt -o nospace
                COMPREPLY=($(compgen -W "$(_irqscope_cli_params)" -S = -- "$cur"))
            fi
            return ;;
        --metrics | --trace | --image | --out | -o | --report | --workload)
            _filedir
            return ;;
        --rtapp-logs)
            _filedir -d
            return ;;
        --images)
            _filedir -d
            return ;;
        --format)
            COMPREPLY=($(compgen -W "text csv json" -- "$cur"))
            return ;;
        --image-format)
            COMPREPLY=($(compgen -W "svg png pdf" -- "$cur"))
            return ;;
        --image-preset)
            COMPREPLY=($(compgen -W "paper slide" -- "$cur"))
            return ;;
        --seed | --duration | --jobs | --shard)
            return ;;
    esac

    local opts
    case "$cmd" in
        presets) opts="--format" ;;
        describe) opts="--set --params --format" ;;
        run) opts="--set --seed --duration --metrics --trace --image --image-preset --quiet" ;;
        sweep) opts="--vary --set --duration --jobs --shard --images --image-format --format --quiet --out" ;;
        import) opts="--metrics --trace --image --image-preset --quiet" ;;
        twin) opts="-o --workload --replay-arrivals --report --rtapp-logs --seed --quiet" ;;
        merge) _filedir csv; return ;;
    esac
    if [[ "$cur" == -* ]]; then
        COMPREPLY=($(compgen -W "$opts" -- "$cur"))
        return
    fi
    # the first word after the command: a preset or a file
    if [[ "$cmd" == import || "$cmd" == twin ]]; then
        _filedir
    elif [[ "${words[cword - 1]}" == "$cmd" ]]; then
        COMPREPLY=($(compgen -W "$(irqscope-cli presets 2>/dev/null | cut -f1)" -- "$cur"))
        _filedir json
    fi
}
complete -F _irqscope_cli irqscope-cli
