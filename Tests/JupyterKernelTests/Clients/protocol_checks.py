"""Drives the kernel named `workbench` (JUPYTER_PATH points at its kernelspec) with jupyter_client
and prints what it answered as one JSON object, for KernelClientTests to check."""
import json
import os
import threading
import time

import jupyter_client
from jupyter_client.session import Session

manager, client = jupyter_client.manager.start_new_kernel(kernel_name="workbench", startup_timeout=60)
results = {}


def run(code, timeout=60):
    outputs = []
    reply = client.execute_interactive(code, timeout=timeout, output_hook=lambda message: outputs.append(
        {"type": message["msg_type"], "content": message["content"]}))
    return {"reply": reply["content"], "outputs": [output for output in outputs if output["type"] not in ("status", "execute_input")]}


def shell_reply(send):
    send()
    return client.get_shell_msg(timeout=30)["content"]


def listening_addresses(pid):
    """The TCP addresses process `pid` listens on, from /proc (inode of each socket it holds)."""
    inodes = set()
    for fd in os.listdir(f"/proc/{pid}/fd"):
        try:
            target = os.readlink(f"/proc/{pid}/fd/{fd}")
        except OSError:
            continue
        if target.startswith("socket:["):
            inodes.add(target[8:-1])
    addresses = []
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        with open(table) as lines:
            next(lines)
            for line in lines:
                fields = line.split()
                if fields[3] == "0A" and fields[9] in inodes:
                    host, port = fields[1].split(":")
                    if len(host) == 8:
                        host = ".".join(str(int(host[i:i + 2], 16)) for i in (6, 4, 2, 0))
                    addresses.append([host, int(port, 16)])
    return sorted(addresses)


pid = manager.provisioner.pid
results["kernel_info"] = client.kernel_info(reply=True, timeout=30)["content"]
results["connection"] = {"ip": manager.ip, "ports": sorted([manager.shell_port, manager.iopub_port, manager.stdin_port,
                                                            manager.control_port, manager.hb_port])}
results["is_complete"] = {code: shell_reply(lambda: client.is_complete(code))["status"]
                          for code in ["struct A {", "get /posts", "let a = [1,\n2]", "let a = [1,\n", "json {\"a\":"]}
results["complete_command"] = client.complete("hea", 3, reply=True, timeout=30)["content"]
second_line = "get sandbox/jsonplaceholder/posts/1\nde"
results["complete_second_line"] = client.complete(second_line, len(second_line), reply=True, timeout=30)["content"]
results["inspect_command"] = client.inspect("get /posts", 1, reply=True, timeout=30)["content"]
results["inspect_unknown"] = client.inspect("zzz", 1, reply=True, timeout=30)["content"]
results["first"] = run("var count = 1")
results["request"] = run("get sandbox/jsonplaceholder/posts/1")
results["failure"] = run('let y: Int = "a"')
results["failed_request"] = run("get http://127.0.0.1:1/x")
results["text_request"] = run("get sandbox/httpbin/robots.txt")
results["event_stream"] = run("get sandbox/httpbin/sse?count=4&delay=0.5")
results["image"] = run("get sandbox/httpbin/image/png")
results["svg"] = run("get sandbox/httpbin/image/svg")
# Run All: three cells sent at once; the first fails (after a second), so the two queued behind it are aborted.
queued = [client.execute(code) for code in ("get sandbox/httpbin/delay/1\ndecode Missing", "print(\"not run\")", "count += 100")]
replies = {}
while len(replies) < 3:
    message = client.get_shell_msg(timeout=30)
    replies[message["parent_header"]["msg_id"]] = message["content"]["status"]
results["run_all_after_error"] = [replies[msg_id] for msg_id in queued]
results["table"] = run("get sandbox/jsonplaceholder/users\nstruct User: Codable {\n  let id: Int\n  let name: String\n  let email: String\n}\nlet users = decode [User]")
results["many_rows"] = run("get sandbox/jsonplaceholder/comments\nstruct Comment: Codable { let id: Int; let email: String }\ndecode [Comment]")
results["stops_at_failure"] = run('count += 1\ndecode Missing\nprint("not reached")')
results["after_failure"] = run("print(count)")
results["compiled"] = run("func twice(_ n: Int) -> Int { n * 2 }\nlet four = twice(2)")
results["inspect_values"] = {code: client.inspect(code, cursor, reply=True, timeout=30)["content"]
                             for code, cursor in [("users[0].name", 11), ("print(users)", 8), ("x = User", 6), ("four", 2),
                                                  ("twice(3)", 3), ("decode [User]", 2)]}

# A message signed with another key, and one not signed at all: dropped unread, never run.
for key in (b"not-the-key", b""):
    forged = Session(key=key, username="forger")
    forged.send(client.shell_channel.socket, "execute_request", content={
        "code": "count = 100", "silent": False, "store_history": True, "user_expressions": {}, "allow_stdin": False})
time.sleep(1)
results["after_forged"] = run("print(count)")

def interrupt():
    time.sleep(2)
    manager.interrupt_kernel()
threading.Thread(target=interrupt).start()
results["interrupt"] = run("while true {}")
results["after_interrupt"] = run("print(count)")
results["results_column"] = [run("set results on"), run("var total = 0\nfor n in [1, 2, 3] {\n    total += n\n}\nprint(total)")]
results["listening"] = listening_addresses(pid)

manager.restart_kernel(now=False)
client.wait_for_ready(timeout=60)
results["restarted_pid_changed"] = manager.provisioner.pid != pid
results["after_restart"] = run("print(count)")
restarted = manager.provisioner.pid
manager.shutdown_kernel(now=False)
results["shut_down"] = not manager.is_alive()
time.sleep(0.5)
results["process_gone"] = not os.path.exists(f"/proc/{restarted}") or open(f"/proc/{restarted}/stat").read().split()[2] == "Z"
results["key"] = manager.session.key.decode()
print(json.dumps(results))
