// RUN: tfc-opt %s --pass-pipeline='builtin.module(func.func(tfc-gpu-map-linalg{matmul-precision=tf32},canonicalize,cse))' --split-input-file --verify-diagnostics | FileCheck %s
// RUN: tfc-opt %s --pass-pipeline='builtin.module(func.func(tfc-gpu-map-linalg{matmul-precision=bf16},canonicalize,cse))' --split-input-file | FileCheck %s --check-prefix=BF16
// RUN: not tfc-opt %s --pass-pipeline='builtin.module(func.func(tfc-gpu-map-linalg{matmul-precision=bf8}))' --split-input-file 2>&1 | FileCheck %s --check-prefix=UNKNOWN

// With TF32 tensor cores: the same 64x64 tiles staged in workgroup memory
// (rows padded to 72, 8 banks apart, for the fragment loads), each element
// rounded to TF32 as it is stored (+0x1000, low 13 bits cleared, NaN
// kept); each warp of 32x16 outputs loads its A fragments (two tiles of 16
// rows) and B fragments (two tiles of 8 columns) and issues four mma.sync
// a step along k.
// CHECK-LABEL: func.func @matmul_tf32
// CHECK: gpu.launch {{.*}} workgroup(%[[AT:.*]] : memref<8x72xf32, #gpu.address_space<workgroup>>, %[[BT:.*]] : memref<8x72xf32, #gpu.address_space<workgroup>>)
// CHECK: scf.for
// CHECK: arith.bitcast %{{.*}} : f32 to i32
// CHECK: arith.addi %{{.*}}, %c4096_i32
// CHECK: arith.andi %{{.*}}, %c-8192_i32
// CHECK: arith.cmpf uno
// CHECK: memref.store %{{.*}}, %[[AT]]
// CHECK: gpu.barrier
// CHECK: %[[A0:.*]] = vector.from_elements %{{.*}} : vector<4x1xf32>
// CHECK: %[[A1:.*]] = vector.from_elements %{{.*}} : vector<4x1xf32>
// CHECK: %[[B0:.*]] = vector.from_elements %{{.*}} : vector<2x1xf32>
// CHECK: %[[B1:.*]] = vector.from_elements %{{.*}} : vector<2x1xf32>
// CHECK: nvgpu.mma.sync(%[[A0]], %[[B0]], %{{.*}}) {mmaShape = [16, 8, 8], tf32Enabled}
// CHECK: nvgpu.mma.sync(%[[A0]], %[[B1]], %{{.*}}) {mmaShape = [16, 8, 8], tf32Enabled}
// CHECK: nvgpu.mma.sync(%[[A1]], %[[B0]], %{{.*}}) {mmaShape = [16, 8, 8], tf32Enabled}
// CHECK: nvgpu.mma.sync(%[[A1]], %[[B1]], %{{.*}}) {mmaShape = [16, 8, 8], tf32Enabled}
// CHECK-NOT: math.fma
// CHECK: gpu.barrier
// CHECK-COUNT-16: memref.store %{{.*}}, %arg2
// On BF16, 16 rows of k are staged a step (the shared tiles are 16 x 72),
// no rounding at staging; each fragment element truncated to BF16, two to
// a register, and one m16n8k16 mma.sync per pair of tiles.
// BF16-LABEL: func.func @matmul_tf32
// BF16: workgroup(%[[AT:.*]] : memref<16x72xf32, #gpu.address_space<workgroup>>, %{{.*}} : memref<16x72xf32, #gpu.address_space<workgroup>>)
// BF16-NOT: arith.bitcast
// BF16: gpu.barrier
// BF16: arith.truncf %{{.*}} : f32 to bf16
// BF16: vector.from_elements %{{.*}} : vector<4x2xbf16>
// BF16: vector.from_elements %{{.*}} : vector<2x2xbf16>
// BF16-COUNT-4: nvgpu.mma.sync(%{{.*}}, %{{.*}}, %{{.*}}) {mmaShape = [16, 8, 16]} : (vector<4x2xbf16>, vector<2x2xbf16>, vector<2x2xf32>) -> vector<2x2xf32>
func.func @matmul_tf32(%a: memref<70x37xf32>, %b: memref<37x45xf32>, %c: memref<70x45xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : memref<70x37xf32>, memref<37x45xf32>) outs(%c : memref<70x45xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %o, %p : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// Integer matmuls keep their thread-per-output mapping.
// CHECK-LABEL: func.func @matmul_i32
// CHECK-NOT: nvgpu.mma.sync
func.func @matmul_i32(%a: memref<64x32xi32>, %b: memref<32x48xi32>, %c: memref<64x48xi32>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : memref<64x32xi32>, memref<32x48xi32>) outs(%c : memref<64x48xi32>) {
  ^bb0(%x: i32, %y: i32, %o: i32):
    %p = arith.muli %x, %y : i32
    %s = arith.addi %o, %p : i32
    linalg.yield %s : i32
  }
  return
}

// UNKNOWN: error: unknown matmul precision 'bf8' (expected f32, tf32 or bf16)
