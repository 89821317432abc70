/**
 * Tiny ONNX models built in memory for tests, so the real ONNX Runtime loading and inference code runs
 * without any downloaded weights. A minimal protobuf writer (varints and length-delimited fields) encodes
 * just the parts of onnx.proto such a graph needs; every field number below is from onnx.proto.
 */

/** A float32 tensor of the graph's interface; a string dimension is symbolic (any size). */
export type TinyValue = { name: string; dims: (number | string)[] };
/** A float32 constant, stored as raw little-endian bytes. */
export type TinyInitializer = { name: string; dims: number[]; values: number[] };
/** One operator; attributes are integers or lists of integers (all these graphs need). */
export type TinyNode = {
  op: string;
  inputs: string[];
  outputs: string[];
  attributes?: Record<string, number | number[]>;
};
export type TinyGraph = {
  inputs: TinyValue[];
  outputs: TinyValue[];
  nodes: TinyNode[];
  initializers?: TinyInitializer[];
};

const WIRE_VARINT = 0;
const WIRE_BYTES = 2;
const FLOAT = 1; // TensorProto.DataType.FLOAT
const ATTRIBUTE_INT = 2; // AttributeProto.AttributeType.INT
const ATTRIBUTE_INTS = 7; // AttributeProto.AttributeType.INTS

function varint(value: number | bigint): Buffer {
  // int64 fields are two's complement on 64 bits, so a negative value takes ten bytes.
  let rest = BigInt.asUintN(64, BigInt(value));
  const bytes: number[] = [];
  do {
    const low = Number(rest & 0x7fn);
    rest >>= 7n;
    bytes.push(rest > 0n ? low | 0x80 : low);
  } while (rest > 0n);
  return Buffer.from(bytes);
}

const tag = (field: number, wire: number) => varint((field << 3) | wire);
const intField = (field: number, value: number) => Buffer.concat([tag(field, WIRE_VARINT), varint(value)]);
const bytesField = (field: number, value: Buffer) =>
  Buffer.concat([tag(field, WIRE_BYTES), varint(value.length), value]);
const stringField = (field: number, value: string) => bytesField(field, Buffer.from(value, 'utf8'));
/** A repeated scalar written unpacked (one tag per value), which every proto2 reader accepts. */
const intFields = (field: number, values: number[]) => Buffer.concat(values.map((v) => intField(field, v)));

function attribute(name: string, value: number | number[]): Buffer {
  // AttributeProto: name = 1, i = 3, ints = 8, type = 20.
  const payload = Array.isArray(value) ? intFields(8, value) : intField(3, value);
  const type = Array.isArray(value) ? ATTRIBUTE_INTS : ATTRIBUTE_INT;
  return Buffer.concat([stringField(1, name), payload, intField(20, type)]);
}

function node(spec: TinyNode, index: number): Buffer {
  // NodeProto: input = 1, output = 2, name = 3, op_type = 4, attribute = 5.
  return Buffer.concat([
    ...spec.inputs.map((input) => stringField(1, input)),
    ...spec.outputs.map((output) => stringField(2, output)),
    stringField(3, `${spec.op.toLowerCase()}_${index}`),
    stringField(4, spec.op),
    ...Object.entries(spec.attributes ?? {}).map(([name, value]) => bytesField(5, attribute(name, value))),
  ]);
}

function initializer(spec: TinyInitializer): Buffer {
  const raw = Buffer.alloc(spec.values.length * 4);
  spec.values.forEach((v, i) => raw.writeFloatLE(v, i * 4));
  // TensorProto: dims = 1, data_type = 2, name = 8, raw_data = 9.
  return Buffer.concat([
    intFields(1, spec.dims),
    intField(2, FLOAT),
    stringField(8, spec.name),
    bytesField(9, raw),
  ]);
}

function valueInfo(spec: TinyValue): Buffer {
  // TensorShapeProto.Dimension: dim_value = 1, dim_param = 2.
  const dims = spec.dims.map((d) =>
    bytesField(1, typeof d === 'number' ? intField(1, d) : stringField(2, d)),
  );
  // TypeProto.Tensor: elem_type = 1, shape = 2 (TensorShapeProto: dim = 1).
  const tensorType = Buffer.concat([intField(1, FLOAT), bytesField(2, Buffer.concat(dims))]);
  // ValueInfoProto: name = 1, type = 2 (TypeProto: tensor_type = 1).
  return Buffer.concat([stringField(1, spec.name), bytesField(2, bytesField(1, tensorType))]);
}

/** The graph as an ONNX file (IR version 8, default domain at opset 13). */
export function encodeOnnxModel(graph: TinyGraph): Buffer {
  // GraphProto: node = 1, name = 2, initializer = 5, input = 11, output = 12.
  const graphBytes = Buffer.concat([
    ...graph.nodes.map((n, i) => bytesField(1, node(n, i))),
    stringField(2, 'tiny'),
    ...(graph.initializers ?? []).map((t) => bytesField(5, initializer(t))),
    ...graph.inputs.map((v) => bytesField(11, valueInfo(v))),
    ...graph.outputs.map((v) => bytesField(12, valueInfo(v))),
  ]);
  // OperatorSetIdProto: domain = 1 (empty: the default ONNX domain), version = 2.
  const opset = Buffer.concat([stringField(1, ''), intField(2, 13)]);
  // ModelProto: ir_version = 1, producer_name = 2, graph = 7, opset_import = 8.
  return Buffer.concat([
    intField(1, 8),
    stringField(2, 'vitrine-tests'),
    bytesField(7, graphBytes),
    bytesField(8, opset),
  ]);
}

/** The `[1, 3, size, size]` image input every model below takes. */
const imageInput = (size: number | string): TinyValue => ({ name: 'input', dims: [1, 3, size, size] });

/** A 1x1 convolution of the three channels into one: `weights[0] * R + weights[1] * G + weights[2] * B + bias`. */
function mixChannels(output: string, weights: [number, number, number], bias = 0) {
  return {
    node: { op: 'Conv', inputs: ['input', 'mix_w', 'mix_b'], outputs: [output] } satisfies TinyNode,
    initializers: [
      { name: 'mix_w', dims: [1, 3, 1, 1], values: [...weights] },
      { name: 'mix_b', dims: [1], values: [bias] },
    ],
  };
}

/**
 * `Sigmoid(gain * R)` on the normalised input, as a `[1, 1, size, size]` map: high where the photo is
 * red, low elsewhere.
 */
export function redSubjectModel(size: number | string, gain = 4): Buffer {
  const mix = mixChannels('red', [gain, 0, 0]);
  return encodeOnnxModel({
    inputs: [imageInput(size)],
    outputs: [{ name: 'map', dims: [1, 1, size, size] }],
    nodes: [mix.node, { op: 'Sigmoid', inputs: ['red'], outputs: ['map'] }],
    initializers: mix.initializers,
  });
}

/**
 * The mean over the channels of the squared normalised input, as a `[1, 1, size, size]` map: it depends
 * on each channel's mean and standard deviation in a way no later min-max scaling can undo.
 */
export function squaredInputModel(size: number | string): Buffer {
  return encodeOnnxModel({
    inputs: [imageInput(size)],
    outputs: [{ name: 'map', dims: [1, 1, size, size] }],
    nodes: [
      { op: 'Mul', inputs: ['input', 'input'], outputs: ['squared'] },
      { op: 'ReduceMean', inputs: ['squared'], outputs: ['map'], attributes: { axes: [1], keepdims: 1 } },
    ],
  });
}

/** A model that returns its input unchanged: three channels, not one map. */
export function identityModel(size: number | string): Buffer {
  return encodeOnnxModel({
    inputs: [imageInput(size)],
    outputs: [{ name: 'same', dims: [1, 3, size, size] }],
    nodes: [{ op: 'Identity', inputs: ['input'], outputs: ['same'] }],
  });
}

/** A one-channel map at half the input's size (a convolution with stride 2). */
export function halfSizeModel(size: number): Buffer {
  const mix = mixChannels('half', [1, 0, 0]);
  return encodeOnnxModel({
    inputs: [imageInput(size)],
    outputs: [{ name: 'half', dims: [1, 1, size / 2, size / 2] }],
    nodes: [{ ...mix.node, attributes: { strides: [2, 2] } }],
    initializers: mix.initializers,
  });
}

/** A map of `value` everywhere, whatever the photo. */
export function constantModel(size: number | string, value: number): Buffer {
  const mix = mixChannels('map', [0, 0, 0], value);
  return encodeOnnxModel({
    inputs: [imageInput(size)],
    outputs: [{ name: 'map', dims: [1, 1, size, size] }],
    nodes: [mix.node],
    initializers: mix.initializers,
  });
}

/**
 * The red channel as `[size, size]` (rank 2) or `[1, size, size]` (rank 3): the shapes some exports give
 * instead of `[1, 1, size, size]`. The leading axes go with a ReduceMean over axes of length one.
 */
export function squeezedRedModel(size: number, rank: 2 | 3): Buffer {
  const mix = mixChannels('red', [1, 0, 0]);
  return encodeOnnxModel({
    inputs: [imageInput(size)],
    outputs: [{ name: 'map', dims: rank === 2 ? [size, size] : [1, size, size] }],
    nodes: [
      mix.node,
      {
        op: 'ReduceMean',
        inputs: ['red'],
        outputs: ['map'],
        attributes: { axes: rank === 2 ? [0, 1] : [1], keepdims: 0 },
      },
    ],
    initializers: mix.initializers,
  });
}

/**
 * A map that takes real work to compute (32 filters of 9x9 over the image, then their mean): at 1024
 * pixels a side, far longer than a few milliseconds on any machine.
 */
export function slowModel(size: number): Buffer {
  const filters = 32;
  const kernel = 9;
  const weights = Array.from({ length: filters * 3 * kernel * kernel }, (_, i) => ((i % 7) - 3) / 100);
  return encodeOnnxModel({
    inputs: [imageInput(size)],
    outputs: [{ name: 'map', dims: [1, 1, size, size] }],
    nodes: [
      {
        op: 'Conv',
        inputs: ['input', 'slow_w'],
        outputs: ['features'],
        attributes: { kernel_shape: [kernel, kernel], pads: [4, 4, 4, 4] },
      },
      { op: 'ReduceMean', inputs: ['features'], outputs: ['map'], attributes: { axes: [1], keepdims: 1 } },
    ],
    initializers: [{ name: 'slow_w', dims: [filters, 3, kernel, kernel], values: weights }],
  });
}
