extension CommandTable {
    /// Swift models: declarations are typed at the prompt; these commands list, show, decode and infer.
    static let modelCommands: [any Command] = [
        ModelsCommand(), ModelCommand(), JSONCommand(), DecodeCommand(), InferCommand(), LoadCommand(), SpecCommand(),
    ]
}
