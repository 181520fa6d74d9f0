// RUN: tfc-opt %s --pass-pipeline='builtin.module(gpu.module(tfc-gpu-lower-bf16-mma))' | FileCheck %s

// Each register of A and B, two BF16 values, is bit-cast to one i32; the
// accumulators are four f32, and the result struct becomes the vector.
// CHECK-LABEL: gpu.func @bf16_mma
// CHECK-SAME: (%[[A:.*]]: vector<4x2xbf16>, %[[B:.*]]: vector<2x2xbf16>, %[[C:.*]]: vector<2x2xf32>)
// CHECK: %[[A0:.*]] = vector.extract %[[A]][0] : vector<2xbf16> from vector<4x2xbf16>
// CHECK: %[[A0I:.*]] = vector.bitcast %[[A0]] : vector<2xbf16> to vector<1xi32>
// CHECK: %[[A0S:.*]] = vector.extract %[[A0I]][0] : i32 from vector<1xi32>
// CHECK-COUNT-3: vector.bitcast %{{.*}} : vector<2xbf16> to vector<1xi32>
// CHECK-COUNT-2: vector.bitcast %{{.*}} : vector<2xbf16> to vector<1xi32>
// CHECK: %[[C00:.*]] = vector.extract %[[C]][0, 0]
// CHECK: %[[D:.*]] = nvvm.mma.sync A[%[[A0S]], %{{.*}}, %{{.*}}, %{{.*}}] B[%{{.*}}, %{{.*}}] C[%[[C00]], %{{.*}}, %{{.*}}, %{{.*}}] {layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<col>, multiplicandAPtxType = #nvvm.mma_type<bf16>, multiplicandBPtxType = #nvvm.mma_type<bf16>, shape = #nvvm.shape<m = 16, n = 8, k = 16>} : (i32, i32, f32) -> !llvm.struct<(f32, f32, f32, f32)>
// CHECK: %[[D0:.*]] = llvm.extractvalue %[[D]][0]
// CHECK: %[[D3:.*]] = llvm.extractvalue %[[D]][3]
// CHECK: %[[V:.*]] = vector.from_elements %[[D0]], %{{.*}}, %{{.*}}, %[[D3]] : vector<2x2xf32>
// CHECK: gpu.return %[[V]]
// TF32 is left to convert-nvgpu-to-nvvm.
// CHECK-LABEL: gpu.func @tf32_mma
// CHECK: nvgpu.mma.sync
gpu.module @kernels {
  gpu.func @bf16_mma(%a: vector<4x2xbf16>, %b: vector<2x2xbf16>, %c: vector<2x2xf32>) -> vector<2x2xf32> {
    %d = nvgpu.mma.sync(%a, %b, %c) {mmaShape = [16, 8, 16]} : (vector<4x2xbf16>, vector<2x2xbf16>, vector<2x2xf32>) -> vector<2x2xf32>
    gpu.return %d : vector<2x2xf32>
  }
  gpu.func @tf32_mma(%a: vector<4x1xf32>, %b: vector<2x1xf32>, %c: vector<2x2xf32>) -> vector<2x2xf32> {
    %d = nvgpu.mma.sync(%a, %b, %c) {mmaShape = [16, 8, 8], tf32Enabled} : (vector<4x1xf32>, vector<2x1xf32>, vector<2x2xf32>) -> vector<2x2xf32>
    gpu.return %d : vector<2x2xf32>
  }
}
