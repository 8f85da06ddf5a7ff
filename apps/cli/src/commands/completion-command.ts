import { type Command, InvalidArgumentError } from 'commander';
import { action, examples } from './command-kit';

interface Node {
  path: string[];
  description: string;
  options: string[];
  children: Node[];
}

/** The command tree as completion needs it, read from the program itself so it never drifts. */
function tree(command: Command, path: string[] = []): Node {
  const options = command.options
    .flatMap((option) => [option.long, option.short])
    .filter((flag) => flag !== undefined);
  return {
    path,
    description: command.description(),
    options: [...options, '--help'],
    children: command.commands.map((child) => tree(child, [...path, child.name()])),
  };
}

const all = (node: Node): Node[] => [node, ...node.children.flatMap(all)];
const words = (node: Node) => [...node.children.map((child) => child.path.at(-1) ?? ''), ...node.options];

function bash(program: Command, root: Node): string {
  const name = program.name();
  const nodes = all(root);
  const cases = nodes.map(
    (node) => `    "${node.path.join(' ')}") opts="${[...words(node), ...root.options].join(' ')}" ;;`,
  );
  const known = nodes.filter((node) => node.path.length > 0).map((node) => node.path.join(' '));
  return `# ${name} completion for bash: source <(${name} completion bash)
_${name}_completion() {
  local cur="\${COMP_WORDS[COMP_CWORD]}" path="" word opts=""
  local known="|${known.join('|')}|"
  for word in "\${COMP_WORDS[@]:1:COMP_CWORD-1}"; do
    case "$word" in -*) continue ;; esac
    local next="\${path:+$path }$word"
    [[ "$known" == *"|$next|"* ]] && path="$next"
  done
  case "$path" in
${cases.join('\n')}
  esac
  case "\${COMP_WORDS[COMP_CWORD-1]}" in
    -o|--output) opts="table json yaml csv" ;;
  esac
  COMPREPLY=( $(compgen -W "$opts" -- "$cur") )
}
complete -F _${name}_completion ${name}
`;
}

function zsh(program: Command, root: Node): string {
  // zsh runs the bash function through bashcompinit: one generator, the same answers in both.
  return `#compdef ${program.name()}
# ${program.name()} completion for zsh: source <(${program.name()} completion zsh)
autoload -U +X bashcompinit && bashcompinit
${bash(program, root)}`;
}

function fish(program: Command, root: Node): string {
  const name = program.name();
  const quote = (text: string) => `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
  const lines = [`# ${name} completion for fish: ${name} completion fish | source`, `complete -c ${name} -f`];
  for (const node of all(root)) {
    const inside =
      node.path.length === 0 ? '__fish_use_subcommand' : `__fish_${name}_at ${node.path.join(' ')}`;
    for (const child of node.children) {
      lines.push(
        `complete -c ${name} -n ${quote(inside)} -a ${child.path.at(-1)} -d ${quote(child.description)}`,
      );
    }
    for (const flag of node.options) {
      const spec = flag.startsWith('--') ? `-l ${flag.slice(2)}` : `-s ${flag.slice(1)}`;
      lines.push(`complete -c ${name} -n ${quote(inside)} ${spec}`);
    }
  }
  lines.push(`complete -c ${name} -s o -l output -x -a 'table json yaml csv'`);
  // True when the words typed so far (without flags) are exactly this command path.
  lines.unshift(`function __fish_${name}_at
    set -l typed (commandline -opc | string match -v -- '-*')
    test "$typed[2..-1]" = "$argv"
end`);
  return `${lines.join('\n')}\n`;
}

const SHELLS = { bash, zsh, fish } as const;

export function completionCommand(program: Command): void {
  examples(
    program
      .command('completion')
      .description('Print the shell completion script for bash, zsh or fish')
      .argument('<shell>', 'bash, zsh or fish', (value: string) => {
        if (!(value in SHELLS)) throw new InvalidArgumentError('expected bash, zsh or fish.');
        return value as keyof typeof SHELLS;
      })
      .action(
        action(({ printer }, shell: keyof typeof SHELLS) => {
          printer.write(SHELLS[shell](program, tree(program)));
        }),
      ),
    'source <(oncall completion bash)      # in ~/.bashrc',
    'source <(oncall completion zsh)       # in ~/.zshrc',
    'oncall completion fish > ~/.config/fish/completions/oncall.fish',
  );
}
