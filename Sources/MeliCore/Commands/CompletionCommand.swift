/// `completion bash|zsh|fish`: the shell completion script, generated from the command declarations.
/// Answered before the environment is read, like `help`, so it works wherever the binary is.
enum CompletionCommand {
    static let spec = CommandSpec(
        name: "completion", summary: .ProgramHelp.completionSummary, discussion: .ProgramHelp.completionDiscussion, arguments: [shell],
        examples: ["$0 completion bash > /etc/bash_completion.d/$0", "$0 completion fish > ~/.config/fish/completions/$0.fish"],
        role: .completion)
    static let shell = Argument.required("shell", values: .choices(Completions.shells), help: .ProgramHelp.completionShellHelp)
}
