import WorkbenchKit

/// A console that records what a Workbench prints, with colours off.
func capturedConsole() -> Console {
    Console(capturingWithColors: false)
}

func output(of console: Console) -> String {
    console.capturedText
}

func clearOutput(_ console: Console) {
    console.clearCaptured()
}
