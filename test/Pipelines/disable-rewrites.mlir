// disable-rewrites leaves out the named rewrites and nothing else.
// RUN: tfc-opt %s --tfc-frontend | FileCheck %s --check-prefix=ALL
// RUN: tfc-opt %s --tfc-frontend=disable-rewrites=slice-to-reduce | FileCheck %s --check-prefix=NOSLICE
// RUN: tfc-opt %s --tfc-frontend="disable-rewrites=stable-softmax,broadcast-merge" | FileCheck %s --check-prefix=NOSOFTMAX
// RUN: tfc-opt %s --tfc-frontend="opt-level=0" | FileCheck %s --check-prefixes=O0,NOSOFTMAX
// RUN: tfc-opt %s --pass-pipeline='builtin.module(tfc-frontend{disable-rewrites=slice-to-reduce})' --dump-pass-pipeline 2>&1 >/dev/null | FileCheck %s --check-prefix=ORDER
// RUN: tfc-opt %s --pass-pipeline='builtin.module(tfc-cpu-pipeline{disable-rewrites=row-fusion})' --dump-pass-pipeline 2>&1 >/dev/null | FileCheck %s --check-prefix=UNFUSED
// RUN: tfc-opt %s --pass-pipeline='builtin.module(tfc-cpu-pipeline)' --dump-pass-pipeline 2>&1 >/dev/null | FileCheck %s --check-prefix=FUSED
// RUN: not tfc-opt %s --tfc-frontend=disable-rewrites=no-such-rewrite 2>&1 | FileCheck %s --check-prefix=BAD

// ORDER: tfc-stable-softmax
// ORDER-NOT: tfc-slice-to-reduce
// ORDER: tfc-broadcast-merge
// UNFUSED: tfc-tile-and-fuse{fuse-producers=false
// FUSED: tfc-tile-and-fuse{fuse-producers=true
// BAD: no-such-rewrite

// ALL-LABEL: func.func @accumulate
// ALL-NOT: tfc.strided_slice
// ALL: tfc.reduce_sum
// NOSLICE-LABEL: func.func @accumulate
// NOSLICE-COUNT-3: tfc.strided_slice
// NOSLICE-NOT: tfc.reduce_sum
// O0-LABEL: func.func @accumulate
// O0-COUNT-3: tfc.strided_slice
func.func @accumulate(%x: tensor<3x4xf32>) -> tensor<4xf32> {
  %r = tfc.graph -> (tensor<4xf32>) {
    %x0 = tfc.strided_slice %x begin [0] end [1] shrink_axis_mask 1 : tensor<3x4xf32>
    %x1 = tfc.strided_slice %x begin [1] end [2] shrink_axis_mask 1 : tensor<3x4xf32>
    %x2 = tfc.strided_slice %x begin [2] end [3] shrink_axis_mask 1 : tensor<3x4xf32>
    %z0 = tfc.add %x0, %x1 : tensor<4xf32>, tensor<4xf32>
    %z1 = tfc.add %z0, %x2 : tensor<4xf32>, tensor<4xf32>
    tfc.fetch %z1 : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}

// ALL-LABEL: func.func @softmax
// ALL: tfc.softmax
// NOSLICE-LABEL: func.func @softmax
// NOSLICE: tfc.softmax
// NOSOFTMAX-LABEL: func.func @softmax
// NOSOFTMAX-NOT: tfc.softmax
// NOSOFTMAX: tfc.exp
func.func @softmax(%x: tensor<2xf32>) -> tensor<2xf32> {
  %r = tfc.graph -> (tensor<2xf32>) {
    %e = tfc.exp %x : tensor<2xf32>
    %s = tfc.reduce_sum %e : tensor<2xf32>
    %p = tfc.div %e, %s : tensor<2xf32>, tensor<f32>
    tfc.fetch %p : tensor<2xf32>
  }
  return %r : tensor<2xf32>
}

// ALL-LABEL: func.func @merge
// ALL-NOT: tfc.tile
// ALL: return
// NOSLICE-LABEL: func.func @merge
// NOSLICE-NOT: tfc.tile
// NOSLICE: return
// NOSOFTMAX-LABEL: func.func @merge
// NOSOFTMAX: tfc.tile
// NOSOFTMAX: tfc.concat
func.func @merge(%a: tensor<5x3x5xf32>, %b: tensor<5x1x6xf32>, %w: tensor<11x2xf32>) -> tensor<5x3x2xf32> {
  %r = tfc.graph -> (tensor<5x3x2xf32>) {
    %tb = tfc.tile %b multiples [1, 3, 1] : tensor<5x1x6xf32>
    %c = tfc.concat %a, %tb axis -1 : tensor<5x3x5xf32>, tensor<5x3x6xf32>
    %y = tfc.matmul %c, %w : tensor<5x3x11xf32>, tensor<11x2xf32>
    tfc.fetch %y : tensor<5x3x2xf32>
  }
  return %r : tensor<5x3x2xf32>
}
