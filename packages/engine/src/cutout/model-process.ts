/**
 * The model's own process: ONNX Runtime loaded in a child of the caller, one inference at a time, with
 * time limits on loading and on each inference, and a rest after which the process stops (model.ts says
 * why a process and not a thread).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';

/** Large models (hundreds of megabytes) take seconds to load and optimise; a stuck load must still end. */
const LOAD_TIMEOUT_MS = 120_000;

/** What ONNX Runtime says about a model's input (InferenceSession.ValueMetadata). */
export type InputMetadata = { name: string; isTensor: boolean; type?: string; shape?: (number | string)[] };
export type ModelOutput = { type: string; dims: readonly number[]; data: Float32Array };
type ChildMessage =
  | { ready: true; inputs: InputMetadata[] }
  | { ready: false; error: string }
  | { output: ModelOutput }
  | { error: string };

/**
 * The model's process: plain JavaScript run by `node -e`, so it is the same from TypeScript sources and
 * from the bundled server, with the runtime's and the model's paths as arguments. onnxruntime-node is
 * loaded there and nowhere else.
 */
const PROCESS_SOURCE = `
const [runtime, file] = process.argv.slice(1);
// The parent went away: nothing is left to answer.
process.on('disconnect', () => process.exit(0));
const ort = require(runtime);
const describe = (error) => (error instanceof Error ? error.message : String(error));
// Without the runtime's memory arena: it keeps the peak of every inference (U²-Netp: 590 MB against
// 124 MB without it) for about 60 ms saved an inference. The graph's fusions without its blocked
// layouts ("extended", not "all"): U²-Netp's inference peaks at 294 MB instead of 360, for about 60 ms
// more, and the masks are the same (decision 087). Without its memory pattern (one block planned for
// every activation of a run, allocated whole): each tensor is allocated as it comes, and the peak falls
// by some 27 MB for the same time (decision 100).
ort.InferenceSession.create(file, {
  executionProviders: ['cpu'],
  graphOptimizationLevel: 'extended',
  enableCpuMemArena: false,
  enableMemPattern: false,
  logSeverityLevel: 3,
}).then(
  (session) => {
    process.send({ ready: true, inputs: session.inputMetadata });
    const [input] = session.inputNames;
    const [output] = session.outputNames;
    process.on('message', ({ data, dims }) => {
      session.run({ [input]: new ort.Tensor('float32', data, dims) }, [output]).then(
        (results) => {
          const map = results[output];
          process.send({ output: { type: map.type, dims: map.dims, data: map.data } });
          // The run's input and output arrays are garbage now, some 5 MB an inference, and this process
          // does too little else for its collector to come soon: left, 25 MB more piled up by the
          // fourth inference, on top of the next one's peak (decision 110).
          setImmediate(() => global.gc?.());
        },
        (error) => process.send({ error: describe(error) }),
      );
    });
  },
  (error) => process.send({ ready: false, error: describe(error) }),
);
`;

/**
 * glibc's settings that `npm start` and the container give the server (decisions 071 and 080), for the
 * model's process however the server was started, the operator's own values kept: without them, the
 * model's freed inputs and activations stay resident in the middle of the heap, 50 MB more after ten
 * inferences of a large model.
 */
export function allocatorSettings(env: NodeJS.ProcessEnv): Record<string, string> {
  return {
    MALLOC_ARENA_MAX: env.MALLOC_ARENA_MAX ?? '2',
    MALLOC_MMAP_THRESHOLD_: env.MALLOC_MMAP_THRESHOLD_ ?? '1048576',
  };
}

export const describe = (error: unknown) => (error instanceof Error ? error.message : String(error));

type Pending<T> = { resolve(value: T): void; reject(error: Error): void };

/** One loaded model in its own process, running one inference at a time. */
export class ModelProcess {
  /** The model's inputs, once it is loaded. */
  readonly ready: Promise<InputMetadata[]>;
  private readonly child: ChildProcess;
  private loading!: Pending<InputMetadata[]>;
  private current: Pending<ModelOutput> | null = null;
  private tail: Promise<unknown> = Promise.resolve();
  private failure: Error | null = null;
  /** Inferences asked for and not yet answered. */
  private waiting = 0;
  private idle: NodeJS.Timeout | null = null;

  constructor(
    file: string,
    private readonly onStop: () => void,
    private readonly idleMs: number | null,
  ) {
    this.ready = new Promise((resolve, reject) => (this.loading = { resolve, reject }));
    // Resolved here, loaded only by the child: nothing loads ONNX Runtime unless a model is configured.
    const runtime = createRequire(import.meta.url).resolve('onnxruntime-node');
    this.child = spawn(process.execPath, ['--expose-gc', '-e', PROCESS_SOURCE, runtime, file], {
      // The runtime's own fatal messages reach the operator's log; the typed arrays cross as they are.
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
      serialization: 'advanced',
      // eslint-disable-next-line no-restricted-properties -- the child inherits the caller's environment, glibc's settings added
      env: { ...process.env, ...allocatorSettings(process.env) },
    });
    this.child.on('message', (message: ChildMessage) => this.receive(message));
    this.child.on('error', (error) => this.stop(error));
    this.child.on('exit', (code, signal) =>
      this.stop(new Error(`the model's process stopped (${signal ?? `exit code ${code}`})`)),
    );
    const timer = setTimeout(
      () => this.stop(new Error(`loading took longer than ${LOAD_TIMEOUT_MS / 1000} s`)),
      LOAD_TIMEOUT_MS,
    );
    const loaded = () => clearTimeout(timer);
    this.ready.then(loaded, loaded);
  }

  /** The model's first output for one input tensor, after any inference already under way. */
  run(data: Float32Array, dims: number[], timeoutMs: number): Promise<ModelOutput> {
    if (this.idle) clearTimeout(this.idle);
    this.idle = null;
    this.waiting++;
    const result = this.tail.then(() => this.send(data, dims, timeoutMs));
    this.tail = result.catch(() => undefined);
    const done = () => {
      if (--this.waiting === 0) this.rest();
    };
    result.then(done, done);
    return result;
  }

  /** With nothing to do for `idleMs`, the process stops; the next use of the file loads it again. */
  private rest(): void {
    if (this.idleMs === null || this.failure) return;
    if (this.idle) clearTimeout(this.idle);
    this.idle = setTimeout(() => {
      if (this.waiting === 0) this.stop(new Error('the model was idle and its process stopped'));
    }, this.idleMs);
    this.idle.unref();
  }

  private receive(message: ChildMessage): void {
    if ('ready' in message) {
      if (!message.ready) return this.stop(new Error(message.error));
      this.hold(false);
      this.loading.resolve(message.inputs);
      // Loaded and never asked (a photo that needs no model, say), it rests too.
      this.rest();
    } else if ('output' in message) this.current?.resolve(message.output);
    else this.current?.reject(new Error(message.error));
  }

  /** An idle model must not keep the caller's process alive; one at work must. */
  private hold(busy: boolean): void {
    if (busy) {
      this.child.ref();
      this.child.channel?.ref();
    } else {
      this.child.unref();
      this.child.channel?.unref();
    }
  }

  private send(data: Float32Array, dims: number[], timeoutMs: number): Promise<ModelOutput> {
    if (this.failure) return Promise.reject(this.failure);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => this.stop(new Error(`inference took longer than ${timeoutMs} ms`)),
        timeoutMs,
      );
      const settle = () => {
        clearTimeout(timer);
        this.current = null;
        this.hold(false);
      };
      this.current = {
        resolve: (output) => (settle(), resolve(output)),
        reject: (error) => (settle(), reject(error)),
      };
      this.hold(true);
      this.child.send({ data, dims });
    });
  }

  /** Gives the process up: whatever waits on it fails, and the next use of the file loads it again. */
  private stop(error: Error): void {
    if (this.failure) return;
    if (this.idle) clearTimeout(this.idle);
    this.failure = error;
    this.onStop();
    this.loading.reject(error);
    this.current?.reject(error);
    this.child.kill('SIGKILL');
  }
}

/** Loaded models by absolute path: each file is loaded once, and again only after its process stopped. */
const processes = new Map<string, Promise<ModelProcess>>();

export function processFor(file: string, idleMs: number | null): Promise<ModelProcess> {
  const cached = processes.get(file);
  if (cached) return cached;
  const forget = () => {
    if (processes.get(file) === loading) processes.delete(file);
  };
  const model = new ModelProcess(file, forget, idleMs);
  const loading = model.ready.then(() => model);
  processes.set(file, loading);
  return loading;
}
