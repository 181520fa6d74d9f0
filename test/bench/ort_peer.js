// ort_peer.js - times ONNX models with ONNX Runtime (onnxruntime-node).
//
// Reads one JSON request per line on stdin:
//   {"model": "x.onnx", "inputs": {"x": "x.npy"}, "threads": 2,
//    "warmup": 3, "reps": 10, "out": "out.npy"}
// and answers one JSON line: {"times": [seconds...]} (or {"error": ...}).
// Each timed run is one `await session.run(feeds)`, which includes copying
// the outputs into JavaScript arrays. Sessions are kept per model and
// thread count, so the runs of a case interleaved with other peers do not
// pay for session creation.
'use strict';

const fs = require('fs');
const readline = require('readline');
const ort = require('onnxruntime-node');

/// Reads a little-endian float32 C-order .npy file.
function readNpy(path) {
  const bytes = fs.readFileSync(path);
  const major = bytes[6];
  const headerLength = major === 1 ? bytes.readUInt16LE(8) : bytes.readUInt32LE(8);
  const start = major === 1 ? 10 : 12;
  const header = bytes.toString('latin1', start, start + headerLength);
  if (!header.includes("'<f4'"))
    throw new Error(`${path}: only float32 .npy files are supported`);
  const shapeText = /'shape':\s*\(([^)]*)\)/.exec(header)[1];
  const dims = shapeText.split(',').map((s) => s.trim()).filter((s) => s)
    .map(Number);
  const offset = start + headerLength;
  const data = new Float32Array(bytes.buffer.slice(bytes.byteOffset + offset,
    bytes.byteOffset + bytes.length));
  return new ort.Tensor('float32', data, dims);
}

/// Writes a float32 tensor as a version 1.0 .npy file.
function writeNpy(path, tensor) {
  const shape = tensor.dims.length === 1 ? `(${tensor.dims[0]},)`
    : `(${tensor.dims.join(', ')})`;
  let header = `{'descr': '<f4', 'fortran_order': False, 'shape': ${shape}, }`;
  const total = 10 + header.length + 1;
  header += ' '.repeat((64 - (total % 64)) % 64) + '\n';
  const prefix = Buffer.alloc(10);
  prefix.write('\x93NUMPY', 0, 'latin1');
  prefix[6] = 1;
  prefix[7] = 0;
  prefix.writeUInt16LE(header.length, 8);
  const data = Buffer.from(tensor.data.buffer, tensor.data.byteOffset,
    tensor.data.byteLength);
  fs.writeFileSync(path, Buffer.concat([prefix, Buffer.from(header, 'latin1'), data]));
}

const sessions = new Map();

async function session(model, threads) {
  const key = `${model}@${threads}`;
  if (!sessions.has(key))
    sessions.set(key, await ort.InferenceSession.create(model, {
      intraOpNumThreads: threads,
      interOpNumThreads: 1,
      executionMode: 'sequential',
      graphOptimizationLevel: 'all',
    }));
  return sessions.get(key);
}

async function handle(request) {
  const s = await session(request.model, request.threads);
  const feeds = {};
  for (const [name, path] of Object.entries(request.inputs))
    feeds[name] = readNpy(path);
  const times = [];
  let results;
  for (let r = 0; r < request.warmup + request.reps; ++r) {
    const start = process.hrtime.bigint();
    results = await s.run(feeds);
    const elapsed = Number(process.hrtime.bigint() - start) * 1e-9;
    if (r >= request.warmup)
      times.push(elapsed);
  }
  writeNpy(request.out, results[s.outputNames[0]]);
  return { times };
}

async function main() {
  const lines = readline.createInterface({ input: process.stdin });
  for await (const line of lines) {
    if (!line.trim())
      continue;
    let answer;
    try {
      answer = await handle(JSON.parse(line));
    } catch (error) {
      answer = { error: String(error) };
    }
    process.stdout.write(JSON.stringify(answer) + '\n');
  }
}

main();
