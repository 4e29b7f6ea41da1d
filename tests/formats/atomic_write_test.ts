import { assertEquals, assertRejects } from "../assert.ts";
import { writeFileAtomic } from "../../formats/atomic_write.ts";
import { InputError } from "../../model/errors.ts";

Deno.test("writeFileAtomic replaces the file and leaves no temporary file", async () => {
  const dir = await Deno.makeTempDir();
  const path = `${dir}/out.txt`;
  await Deno.writeTextFile(path, "old");
  await writeFileAtomic(path, "new text");
  assertEquals(await Deno.readTextFile(path), "new text");
  await writeFileAtomic(path, new TextEncoder().encode("bytes"));
  assertEquals(await Deno.readTextFile(path), "bytes");
  await writeFileAtomic(
    path,
    ReadableStream.from([
      new TextEncoder().encode("a"),
      new TextEncoder().encode("b"),
    ]),
  );
  assertEquals(await Deno.readTextFile(path), "ab");
  const names = [];
  for await (const entry of Deno.readDir(dir)) names.push(entry.name);
  assertEquals(names, ["out.txt"]);
  await Deno.remove(dir, { recursive: true });
});

Deno.test("writeFileAtomic keeps the old content when the stream fails", async () => {
  const dir = await Deno.makeTempDir();
  const path = `${dir}/out.txt`;
  await Deno.writeTextFile(path, "old");
  const failing = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode("partial"));
      controller.error(new Error("source broke"));
    },
  });
  await assertRejects(
    () => writeFileAtomic(path, failing),
    Error,
    "source broke",
  );
  assertEquals(await Deno.readTextFile(path), "old");
  const names = [];
  for await (const entry of Deno.readDir(dir)) names.push(entry.name);
  assertEquals(names, ["out.txt"]);
  await Deno.remove(dir, { recursive: true });
});

Deno.test("writeFileAtomic names the target, not its temporary file, when it cannot write", async () => {
  const dir = await Deno.makeTempDir();
  try {
    await assertRejects(
      () => writeFileAtomic(dir, "text"),
      Deno.errors.IsADirectory,
      `Cannot write "${dir}": it is a directory`,
    );
    await assertRejects(
      () => writeFileAtomic(`${dir}/missing/out.txt`, "text"),
      Deno.errors.NotFound,
      `Cannot write "${dir}/missing/out.txt": no directory "${dir}/missing"`,
    );
    assertEquals([...Deno.readDirSync(dir)], []);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("writeFileAtomic writes a device in place and refuses a symlink or a read-only file, never swapping them", async () => {
  const dir = await Deno.makeTempDir();
  try {
    // /dev/null is written in place and stays the device it was.
    await writeFileAtomic("/dev/null", "report");
    assertEquals((await Deno.lstat("/dev/null")).isFile, false);
    await Deno.writeTextFile(`${dir}/target`, "old");
    await Deno.symlink(`${dir}/target`, `${dir}/link`);
    await assertRejects(
      () => writeFileAtomic(`${dir}/link`, "new"),
      InputError,
      `${dir}/link: is a symbolic link; ranklens does not replace one (name its target)`,
    );
    assertEquals((await Deno.lstat(`${dir}/link`)).isSymlink, true);
    assertEquals(await Deno.readTextFile(`${dir}/target`), "old");
    await Deno.chmod(`${dir}/target`, 0o444);
    await assertRejects(
      () => writeFileAtomic(`${dir}/target`, "new"),
      InputError,
      `${dir}/target: is read-only; ranklens does not replace it (make it writable first)`,
    );
    assertEquals(await Deno.readTextFile(`${dir}/target`), "old");
    // A full disk is an error naming the target, not a silent success.
    await assertRejects(
      () => writeFileAtomic("/dev/full", "report"),
      InputError,
      "/dev/full: cannot write the file: No space left on device (os error 28)",
    );
    const names = [...Deno.readDirSync(dir)].map((e) => e.name).sort();
    assertEquals(names, ["link", "target"]);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("SIGINT or SIGTERM while writing removes the temporary file and keeps the old one", async () => {
  const dir = await Deno.makeTempDir();
  try {
    await Deno.writeTextFile(`${dir}/out.txt`, "old");
    const module = new URL("../../formats/atomic_write.ts", import.meta.url);
    for (
      const [signal, status] of [["SIGINT", 130], ["SIGTERM", 143]] as const
    ) {
      const child = new Deno.Command(Deno.execPath(), {
        args: [
          "eval",
          `import { writeFileAtomic } from "${module}";
          // A stream that never ends, after its first bytes.
          const stream = new ReadableStream({
            start(c) { c.enqueue(new TextEncoder().encode("partial")); console.log("writing"); },
          });
          await writeFileAtomic(${JSON.stringify(`${dir}/out.txt`)}, stream);`,
        ],
        stdout: "piped",
      }).spawn();
      const reader = child.stdout.getReader();
      await reader.read(); // "writing"
      // Until the temporary file is there.
      while ([...Deno.readDirSync(dir)].length < 2) {
        await new Promise((r) => setTimeout(r, 20));
      }
      child.kill(signal);
      assertEquals((await child.status).code, status);
      reader.releaseLock();
      await child.stdout.cancel();
      assertEquals([...Deno.readDirSync(dir)].map((e) => e.name), ["out.txt"]);
      assertEquals(await Deno.readTextFile(`${dir}/out.txt`), "old");
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
