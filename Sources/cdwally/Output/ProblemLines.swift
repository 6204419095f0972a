/// The problems a command met on the way (unreadable folders, link loops) as lines on stderr,
/// a bounded number of them: a hostile tree or playlist must not flood the terminal, and
/// `doctor` lists them all (docs/PRODUCT.md §8).
enum ProblemLines {
    static let shown = 10

    static func emit(_ problems: [String]) {
        // One line per problem, however many passes of the command met it (the folders of
        // the entries, then the whole tree).
        var seen: Set<String> = []
        let problems = problems.filter { seen.insert($0).inserted }
        for problem in problems.prefix(shown) { StandardError.emit("cdwally: \(problem)\n") }
        if problems.count > shown {
            StandardError.emit("cdwally: and \(problems.count - shown) more (cdwally doctor lists them)\n")
        }
    }
}
