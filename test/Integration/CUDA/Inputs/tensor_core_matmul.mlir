// Matmuls for --gpu-matmul-precision=tf32 and bf16 (tensor cores): the
// operands of `exact`, `transposed`, `batched` and `dense` are cast to
// integers first (|x| <= 2, exact in TF32), so their products are exact
// with any precision and order of the sums and equal the CPU target's;
// `rounded` multiplies its operands as given, rounded to TF32.

func.func @exact(%a: tensor<70x37xf32> {tfc.name = "a"}, %b: tensor<37x90xf32> {tfc.name = "b"}) -> tensor<70x90xf32> {
  %r = tfc.graph -> (tensor<70x90xf32>) {
    %ai = tfc.cast %a : tensor<70x37xf32> to i32
    %af = tfc.cast %ai : tensor<70x37xi32> to f32
    %bi = tfc.cast %b : tensor<37x90xf32> to i32
    %bf = tfc.cast %bi : tensor<37x90xi32> to f32
    %p = tfc.matmul %af, %bf : tensor<70x37xf32>, tensor<37x90xf32>
    tfc.fetch %p : tensor<70x90xf32>
  }
  return %r : tensor<70x90xf32>
}

// A transposed and B transposed: the tiles are staged from either layout.
func.func @transposed(%a: tensor<37x70xf32> {tfc.name = "a"}, %b: tensor<90x37xf32> {tfc.name = "b"}) -> tensor<70x90xf32> {
  %r = tfc.graph -> (tensor<70x90xf32>) {
    %ai = tfc.cast %a : tensor<37x70xf32> to i32
    %af = tfc.cast %ai : tensor<37x70xi32> to f32
    %bi = tfc.cast %b : tensor<90x37xf32> to i32
    %bf = tfc.cast %bi : tensor<90x37xi32> to f32
    %p = tfc.matmul %af, %bf transpose_a transpose_b : tensor<37x70xf32>, tensor<90x37xf32>
    tfc.fetch %p : tensor<70x90xf32>
  }
  return %r : tensor<70x90xf32>
}

// 64 products of [256, 8] by [8, 256]: 256 blocks, 128x128 tiles (warps of
// 64x32, sixteen mma.sync a step).
func.func @batched(%a: tensor<64x256x8xf32> {tfc.name = "a"}, %b: tensor<64x8x256xf32> {tfc.name = "b"}) -> tensor<64x256x256xf32> {
  %r = tfc.graph -> (tensor<64x256x256xf32>) {
    %ai = tfc.cast %a : tensor<64x256x8xf32> to i32
    %af = tfc.cast %ai : tensor<64x256x8xi32> to f32
    %bi = tfc.cast %b : tensor<64x8x256xf32> to i32
    %bf = tfc.cast %bi : tensor<64x8x256xi32> to f32
    %p = tfc.matmul %af, %bf : tensor<64x256x8xf32>, tensor<64x8x256xf32>
    tfc.fetch %p : tensor<64x256x256xf32>
  }
  return %r : tensor<64x256x256xf32>
}

// A dense layer: the bias and relu in the epilogue of the tensor cores'
// accumulators.
func.func @dense(%x: tensor<100x64xf32> {tfc.name = "x"}, %w: tensor<64x100xf32> {tfc.name = "w"}, %bias: tensor<100xf32> {tfc.name = "bias"}) -> tensor<100x100xf32> {
  %r = tfc.graph -> (tensor<100x100xf32>) {
    %xi = tfc.cast %x : tensor<100x64xf32> to i32
    %xf = tfc.cast %xi : tensor<100x64xi32> to f32
    %wi = tfc.cast %w : tensor<64x100xf32> to i32
    %wf = tfc.cast %wi : tensor<64x100xi32> to f32
    %p = tfc.matmul %xf, %wf : tensor<100x64xf32>, tensor<64x100xf32>
    %z = tfc.add %p, %bias : tensor<100x100xf32>, tensor<100xf32>
    %h = tfc.relu %z : tensor<100x100xf32>
    tfc.fetch %h : tensor<100x100xf32>
  }
  return %r : tensor<100x100xf32>
}

func.func @rounded(%a: tensor<70x300xf32> {tfc.name = "a"}, %b: tensor<300x90xf32> {tfc.name = "b"}) -> tensor<70x90xf32> {
  %r = tfc.graph -> (tensor<70x90xf32>) {
    %p = tfc.matmul %a, %b : tensor<70x300xf32>, tensor<300x90xf32>
    tfc.fetch %p : tensor<70x90xf32>
  }
  return %r : tensor<70x90xf32>
}
