import { MemoryFS, PGlite } from "@electric-sql/pglite";

type EmscriptenOptions = Parameters<MemoryFS["init"]>[1];
type EmscriptenFs = Parameters<NonNullable<EmscriptenOptions["preRun"]>[number]>[0]["FS"];

const blockSize = 512;
const directoryType = "5";
const fileTypes = new Set(["0", "\0"]);

/** One entry of a ustar archive, its data a view into the archive (not a copy). */
interface TarEntry {
  path: string;
  type: string;
  data: Uint8Array;
  modifiedMs: number;
}

function text(bytes: Uint8Array, start: number, length: number): string {
  const field = bytes.subarray(start, start + length);
  const end = field.indexOf(0);
  return new TextDecoder().decode(end === -1 ? field : field.subarray(0, end));
}

function octal(bytes: Uint8Array, start: number, length: number): number {
  const digits = text(bytes, start, length).trim();
  return digits === "" ? 0 : Number.parseInt(digits, 8);
}

/** The entries of the ustar archive `dumpDataDir("none")` writes, in order. */
export function* tarEntries(tar: Uint8Array): Generator<TarEntry> {
  let at = 0;
  while (at + blockSize <= tar.length && tar[at] !== 0) {
    const name = text(tar, at, 100);
    const prefix = text(tar, at + 345, 155);
    const size = octal(tar, at + 124, 12);
    const type = String.fromCharCode(tar[at + 156] ?? 0);
    const modifiedMs = octal(tar, at + 136, 12) * 1000;
    at += blockSize;
    if (at + size > tar.length) throw new Error(`the template archive ends inside ${prefix}${name}`);
    yield { path: prefix ? `${prefix}/${name}` : name, type, data: tar.subarray(at, at + size), modifiedMs };
    at += Math.ceil(size / blockSize) * blockSize;
  }
}

/** Writes the archive's data directory into the in-memory filesystem, handing each file's bytes over rather than copying them. */
function writeDataDirectory(fs: EmscriptenFs, tar: Uint8Array): void {
  const root = PGlite.paths.PGDATA;
  fs.mkdirTree(root);
  for (const entry of tarEntries(tar)) {
    const relative = entry.path.replace(/^\/+|\/+$/g, "");
    const target = relative ? `${root}/${relative}` : root;
    if (entry.type === directoryType) {
      fs.mkdirTree(target);
    } else if (fileTypes.has(entry.type)) {
      // canOwn: the file keeps a view of the archive, which nobody else holds (each file reads its own).
      fs.writeFile(target, entry.data, { canOwn: true });
      fs.utime(target, entry.modifiedMs, entry.modifiedMs);
    } else {
      throw new Error(`the template archive holds ${relative}, neither a file nor a folder (type ${entry.type})`);
    }
  }
}

/**
 * An in-memory filesystem that starts holding a dumped data directory, for a
 * test file's copy of the run's template. PGlite's own `loadDataDir` copies
 * every file three times and looks up every parent folder of every file; this
 * writes each file once, as a view of the archive, before PostgreSQL starts,
 * which then finds the database and resumes it.
 */
export class TemplateMemoryFs extends MemoryFS {
  constructor(private readonly tar: Uint8Array) {
    super();
  }

  override async init(
    pg: PGlite,
    emscriptenOptions: EmscriptenOptions,
  ): Promise<{ emscriptenOpts: EmscriptenOptions }> {
    const { emscriptenOpts } = await super.init(pg, emscriptenOptions);
    const preRun = [
      ...(emscriptenOpts.preRun ?? []),
      (module: { FS: EmscriptenFs }) => writeDataDirectory(module.FS, this.tar),
    ];
    return { emscriptenOpts: { ...emscriptenOpts, preRun } };
  }
}
