import CDWallyQuickClient
import Glibc

// The installed `cdwally`: a small, fully static program that starts in about a millisecond.
// A command line that starts with a word goes to the running player as a `command-line`
// request; a control command's (`cdwally toggle`, `cdwally volume +5`, `cdwally status --json`)
// is answered with what the full program would print. Every other command line, or a player it
// cannot reach, runs the full program in this process (`execv`), which says and does everything
// as before. It imports no Foundation, not even FoundationEssentials: ICU's data and the full
// program's 79 MB are what a media key waited for, and FoundationEssentials alone doubles a cold
// start (BENCHMARKS.md, figure 7).

let words = Array(CommandLine.arguments.dropFirst())
if QuickRequest.mayTake(words), let answer = PlayerConnection.connect()?.ask(QuickRequest(words: words)) {
    answer.write()
    exit(answer.exitStatus)
}
FullProgram.run(CommandLine.arguments)
