/// `completion bash|zsh|fish`: the shell completion script, generated from the command declarations.
/// Answered before the environment is read, like `help`, so it works wherever the binary is.
enum CompletionCommand {
    static let spec = CommandSpec(
        name: "completion", summary: "Print the shell completion script for bash, zsh or fish.",
        discussion: """
            The packages install these for you. By hand, for a binary named B: bash,
            source <(B completion bash); zsh, save the output as _B in a folder on your fpath;
            fish, save it as ~/.config/fish/completions/B.fish.
            """,
        arguments: [shell],
        examples: ["$0 completion bash > /etc/bash_completion.d/$0", "$0 completion fish > ~/.config/fish/completions/$0.fish"],
        role: .completion)
    static let shell = Argument.required("shell", values: .choices(Completions.shells), help: "bash, zsh or fish.")
}
