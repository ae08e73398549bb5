"""Figure 16, `play FILE`: what a save costs until the file's status line, driven through pipes.

One `workbench play lesson.swift` runs with its standard input a pipe that stays open and empty
(piped, a line of input or its end leaves play), and its output read as it comes. The lesson is
30 statements in the tutorials' shapes, one a line, so that a statement's number is its line: a
request, a decode, filters and loops over the result, a second model and request, prints. After
the first run the harness saves the file (in place, as an editor that rewrites the file it
opened, unless said) and times from just before the write until play's status line
(`ran lines 28–30 · 0.31 s · saved 12:03:07`, or `unchanged: nothing ran · …`) has been read:

- line 28 changed (`let picked = posts.filter { $0.userId == K }.count`, a compiled statement;
  lines 29–30 run on the fast path), against the same statement typed at the prompt of a live
  session that has typed the file's 30 lines (from the input's write to its value);
- line 1 changed (`struct Post`'s properties reordered: everything runs again), against
  `workbench replay FILE --results`, which compiles the whole file once as a playground;
- only a comment changed, so nothing runs: what is left is the watcher's wake-up, its settle
  (40 ms without another event, so that two quick saves are one run), reading and parsing the
  file; in place and by rename (as vim saves). The same overhead is also taken from the runs
  above: the wall time less the run's own seconds on its status line (0.01 s resolution), which
  now include the settle (a whole save's run compiles while it settles).
"""
import os
import re
import select
import subprocess
import time

import session_bench

MODELS = ("struct Post: Codable { let userId: Int; let id: Int; let title: String }",
          "struct Post: Codable { let id: Int; let userId: Int; let title: String }")
LINE_28 = "let picked = posts.filter {{ $0.userId == {user} }}.count"

LESSON = [
    None,  # line 1: one of MODELS
    'try await wb.get("sandbox/jsonplaceholder/posts")',
    "let posts = try wb.decode([Post].self)",
    'print(posts.count, "posts")',
    "let first = posts[0]",
    "print(first.title)",
    "let firstUser = posts.filter { $0.userId == 1 }",
    "var total = 0",
    "for post in firstUser { total += post.id }",
    'print("total", total)',
    "let titles = firstUser.map(\\.title)",
    'print(titles.count, "titles")',
    'let longest = titles.max(by: { $0.count < $1.count }) ?? ""',
    'print("longest:", longest)',
    "let perUser = Dictionary(grouping: posts, by: \\.userId).mapValues(\\.count)",
    'print(perUser.count, "users")',
    "let factor = 2",
    "let scaled = total * factor",
    'print("scaled", scaled)',
    "struct User: Codable { let id: Int; let name: String; let username: String }",
    'try await wb.get("sandbox/jsonplaceholder/users")',
    "let users = try wb.decode([User].self)",
    "print(users[0].name)",
    "let names = users.map(\\.username).sorted()",
    "print(names.prefix(3))",
    "let byId = Dictionary(uniqueKeysWithValues: users.map { ($0.id, $0.name) })",
    'print(byId[1] ?? "nobody")',
    None,  # line 28: LINE_28
    'print(users.count, "users")',
    "print(posts[99].title)",
]

STATUS = re.compile(r"^(?:ran lines? (\d+)(?:–(\d+))? · ([\d.]+) s|unchanged: nothing ran) · saved ")
FAILED = ("stopped at line", "interrupted at line", "nothing ran: fix", "error:", "was removed")


def lesson(model=0, user=2, comment=""):
    lines = list(LESSON)
    lines[0] = MODELS[model]
    lines[27] = LINE_28.format(user=user)
    return "\n".join(lines) + "\n" + (f"// {comment}\n" if comment else "")


def save(path, text, rename=False):
    """Writes `text` to `path` as an editor saves: in place (truncated and rewritten, one close
    after writing), or as vim does, a new file renamed over the old one."""
    if rename:
        swap = os.path.join(os.path.dirname(path), "." + os.path.basename(path) + ".swp")
        with open(swap, "w") as f:
            f.write(text)
        os.rename(swap, path)
    else:
        with open(path, "w") as f:
            f.write(text)


class Play:
    """`workbench play FILE`, its input an open pipe with nothing in it, its output read line by line."""

    def __init__(self, workbench, env, path):
        self.process = subprocess.Popen([workbench, "play", path], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        stderr=subprocess.STDOUT, env=env, bufsize=0)
        self.pending = b""

    def status(self, timeout=180):
        """Reads lines until play's status line; returns (its arrival time, the run's own seconds or
        None for `unchanged`, the first and last line it ran, the lines read)."""
        deadline = time.perf_counter() + timeout
        lines = []
        while True:
            while b"\n" in self.pending:
                raw, self.pending = self.pending.split(b"\n", 1)
                line = raw.decode(errors="replace")
                lines.append(line)
                match = STATUS.match(line)
                if match:
                    seen = time.perf_counter()
                    first, last, seconds = match.groups()
                    return seen, (float(seconds) if seconds else None), first, last or first, lines
                if line.startswith(FAILED):
                    before = [l[:80] for l in lines[-4:-1]]
                    raise RuntimeError(f"play: {line[:300]} (before it: {before})")
            left = deadline - time.perf_counter()
            if left <= 0:
                raise RuntimeError(f"play printed no status line within {timeout} s: {lines[-5:]}")
            ready, _, _ = select.select([self.process.stdout], [], [], left)
            if ready:
                chunk = os.read(self.process.stdout.fileno(), 65536)
                if not chunk:
                    raise RuntimeError(f"workbench play ended: {lines[-5:]}")
                self.pending += chunk

    def saved(self, path, text, expect, rename=False):
        """Saves `text`; returns (write → status line in seconds, the run's own seconds or None).
        `expect` is the (first, last) lines the run should report, or None for `unchanged`."""
        time.sleep(0.2)  # the run before has settled (its output flushed, play back in its wait)
        started = time.perf_counter()
        save(path, text, rename)
        seen, seconds, first, last, lines = self.status()
        got = None if seconds is None else (int(first), int(last))
        if got != expect:
            raise RuntimeError(f"expected {'lines %d–%d' % expect if expect else 'unchanged'}, got {lines[-1]!r}")
        return seen - started, seconds

    def close(self):
        try:
            self.process.stdin.close()  # the end of input leaves play, then the REPL
            self.process.wait(timeout=30)
        except Exception:
            self.process.kill()
            self.process.wait()


def measure_play(workbench, env, folder, runs, full_runs):
    """One play session: the first run, then `runs` saves of line 28, `runs` comment-only saves in
    place and as many by rename, and `full_runs` saves of line 1. Returns lists of seconds (a save
    of line 1 that fails is said under "line 1 error", the rest kept)."""
    path = os.path.join(folder, "lesson.swift")
    save(path, lesson())
    play = Play(workbench, env, path)
    try:
        _, first, *_ = play.status()
        results = {"first": first, "line 28": [], "unchanged": [], "unchanged, rename": [], "line 1": []}
        model, user = 0, 2
        for index in range(runs):
            user = 3 + index % 7  # never the value before
            results["line 28"].append(play.saved(path, lesson(model, user), (28, 30)))
        for index in range(runs):
            results["unchanged"].append(play.saved(path, lesson(model, user, f"save {index}"), None)[0])
            results["unchanged, rename"].append(play.saved(path, lesson(model, user, f"rename {index}"), None, rename=True)[0])
        try:  # last: a save here can end in an error that leaves the session unlike a user's
            for _ in range(full_runs):
                model = 1 - model
                results["line 1"].append(play.saved(path, lesson(model, user), (1, 30)))
        except RuntimeError as error:
            results["line 1 error"] = str(error)
        return results
    finally:
        play.close()


class PromptSession(session_bench.LiveSession):
    """`workbench` with the sandbox (the lesson's requests go to it), reading inputs from a pipe."""

    def __init__(self, workbench, env):
        self.process = subprocess.Popen([workbench], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        stderr=subprocess.STDOUT, env=env, bufsize=0)
        self.pending = b""


def prompt_inputs(workbench, env, runs):
    """The peer of a line-28 save: the lesson's 30 lines typed at the prompt of a live session,
    then line 28's statement typed again `runs` times (each with another user), each timed from
    its write until its value's line."""
    session = PromptSession(workbench, env)
    try:
        session.process.stdin.write((lesson() + 'print("typed")\n').encode())
        session.process.stdin.flush()
        deadline = time.perf_counter() + 180
        while b"typed\n" not in session.pending:
            session.read_more(deadline, f"the lesson typed at the prompt did not finish: {session.pending[-300:]!r}")
        before, session.pending = session.pending.split(b"typed\n", 1)
        errors = [line for line in before.decode(errors="replace").splitlines() if line.startswith("error:")]
        if errors:
            raise RuntimeError(f"the lesson typed at the prompt failed: {errors[0]}")
        return [session.send(LINE_28.format(user=3 + index % 7), until="picked: Int")[0] for index in range(runs)]
    finally:
        session.close()
