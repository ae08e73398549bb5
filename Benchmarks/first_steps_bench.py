"""Figures 8-10: what a newcomer waits for in the first minutes, each timed at a pseudo-terminal.

- 8: the first compiled input of a session started with a new HOME (so the compiler's module cache
  is cold), typed after the few seconds a user spends on the first commands; then the second.
- 9: `save` of a messy 40-step session (requests, decodes, compiled inputs, a model redefined so
  that the check refuses it), and `save --from 8` of it.
- 10: `make run` in an already-built clone with a new HOME, until the prompt.
"""
import contextlib
import json
import os
import shutil
import tempfile
import time

from paste_bench import Terminal

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)


def posts_file(folder):
    """The sandbox's 100 posts as a file, for `json @FILE` (no server needed)."""
    with open(os.path.join(ROOT, "Sources", "Sandbox", "Data", "jsonplaceholder", "data.json")) as f:
        posts = json.load(f)["posts"]
    path = os.path.join(folder, "posts.json")
    with open(path, "w") as f:
        json.dump(posts, f)
    return path


def typed(terminal, line, timeout=120):
    """Types `line` and Enter; returns the seconds until the next prompt and what was printed."""
    mark = len(terminal.output)
    started = time.perf_counter()
    data = line.encode() + b"\r"
    while data:
        data = terminal.pump(data, 0.01)
    seen = terminal.wait_for_prompt(mark, timeout, before=b"\n")
    return time.perf_counter() - started, seen.decode(errors="replace")


@contextlib.contextmanager
def session(program, env, arguments=None, sandbox=False):
    """A terminal running `program` with a new HOME (and no cache or state folder of the caller's);
    yields the terminal and the HOME, both gone afterwards."""
    home = tempfile.mkdtemp(prefix="workbench-first-steps-")
    clean = {k: v for k, v in env.items() if k not in ("XDG_CACHE_HOME", "XDG_STATE_HOME")}
    try:
        terminal = Terminal(program, dict(clean, HOME=home), arguments=arguments, sandbox=sandbox)
        try:
            yield terminal, home
            terminal.pump(b"quit\r")
        finally:
            terminal.close()
    finally:
        shutil.rmtree(home, ignore_errors=True)


def first_compiled_input(workbench, env, think=3.0):
    """Seconds of the first and second compiled inputs in a session with a new HOME, the first typed
    `think` seconds after the prompt appeared (the commands before it take that long to type)."""
    with session(workbench, env) as (terminal, home):
        posts = posts_file(home)
        terminal.wait_for_prompt(0, 30)
        started = time.perf_counter()
        for line in [f"json @{posts}", "struct Post: Codable { let userId: Int; let id: Int; let title: String }",
                     "let posts = decode [Post]"]:
            typed(terminal, line)
        time.sleep(max(0.0, think - (time.perf_counter() - started)))
        first, seen = typed(terminal, "posts.filter { $0.userId == 1 }.count")
        if "10" not in seen:
            raise RuntimeError(f"the first compiled input printed {seen[-200:]!r}")
        second, _ = typed(terminal, "posts.filter { $0.userId == 2 }.map(\\.id).count")
        return first, second


# A session as a newcomer types it: 40 steps that succeed at the prompt. Step 31 redefines `Post`
# with a field the data lacks; `save` writes the last form of a type, so the check refuses
# `let posts = decode [Post]` and the statements reading `posts` (or what they bound).
MESSY_SESSION = [
    "base sandbox/jsonplaceholder", "get /posts",
    "struct Post: Codable { let userId: Int; let id: Int; let title: String; let body: String }",
    "let posts = decode [Post]", "posts.count", "posts[0].title",
    "let mine = posts.filter { $0.userId == 1 }", "mine.count", "get /users",
    "struct User: Codable { let id: Int; let name: String; let email: String }", "let users = decode [User]",
    "users.map(\\.name)", "func t(_ s: String) -> String { String(s.prefix(12)) }", "t(posts[1].title)",
    "extension Post { var short: String { String(title.prefix(8)) } }", "posts[2].short",
    "get /comments?postId=1", "struct Comment: Codable { let postId: Int; let id: Int; let email: String }",
    "let comments = decode [Comment]", "comments.count", "var total = 0",
    "for c in comments { total += c.id }", "total", "get /todos?userId=1",
    "struct Todo: Codable { let id: Int; let title: String; let completed: Bool }", "let todos = decode [Todo]",
    "todos.filter(\\.completed).count", "let titles = todos.map { $0.title.uppercased() }", "titles.first",
    "get /posts/1", "struct Post: Codable { let id: Int; let title: String; let rating: Int }",
    "let one = try? wb.decode(Post.self)", "one == nil", "get /albums?userId=1",
    "struct Album: Codable { let id: Int; let title: String }", "let albums = decode [Album]", "albums.count",
    "let longest = albums.max { $0.title.count < $1.title.count }", "longest?.title", "users.count + albums.count",
]


def save_check(workbench, env):
    """Seconds `save` took to refuse the 40-step session, and `save --from 8` (also refused)."""
    with session(workbench, env, sandbox=True) as (terminal, home):
        terminal.wait_for_prompt(0, 30)
        for line in MESSY_SESSION:
            _, seen = typed(terminal, line)
            if "error:" in seen:
                raise RuntimeError(f"`{line}` failed: {seen[-300:]!r}")
        _, steps = typed(terminal, "steps")
        if f"\n{len(MESSY_SESSION)}  " not in steps:
            raise RuntimeError(f"the session does not have {len(MESSY_SESSION)} steps: {steps[-300:]!r}")
        whole, seen = typed(terminal, f"save messy --dir {home}")
        if "not saved" not in seen:
            raise RuntimeError(f"save was not refused: {seen[-300:]!r}")
        tail, _ = typed(terminal, f"save messy --from 8 --dir {home}")
        return whole, tail


def make_run(env):
    """Seconds from `make run` in this (built) clone with a new HOME to the prompt."""
    with session("make", env, arguments=["-C", ROOT, "--no-print-directory", "run"]) as (terminal, _):
        started = time.perf_counter()
        terminal.wait_for_prompt(0, 900)
        return time.perf_counter() - started
