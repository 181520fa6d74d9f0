// Gradients of tfc.matmul against finite differences, for every
// combination of transpose flags and for batches, including batch
// dimensions broadcast from a matrix or from size 1 (summed back).

// RUN: tfc check-gradients %s --fn matmul --tolerance 1e-3 | FileCheck %s --check-prefix=MATMUL
// MATMUL: a f32[2,3]: max error {{.*}} ok
// MATMUL-NEXT: b f32[3,4]: max error {{.*}} ok

// RUN: tfc check-gradients %s --fn matmul_ta --tolerance 1e-3 | FileCheck %s --check-prefix=MATMUL_TA
// MATMUL_TA: a f32[3,2]: max error {{.*}} ok
// MATMUL_TA-NEXT: b f32[3,4]: max error {{.*}} ok

// RUN: tfc check-gradients %s --fn matmul_tb --tolerance 1e-3 | FileCheck %s --check-prefix=MATMUL_TB
// MATMUL_TB: a f32[2,3]: max error {{.*}} ok
// MATMUL_TB-NEXT: b f32[4,3]: max error {{.*}} ok

// RUN: tfc check-gradients %s --fn matmul_tab --tolerance 1e-3 | FileCheck %s --check-prefix=MATMUL_TAB
// MATMUL_TAB: a f32[3,2]: max error {{.*}} ok
// MATMUL_TAB-NEXT: b f32[4,3]: max error {{.*}} ok

// RUN: tfc check-gradients %s --fn batch --tolerance 1e-3 | FileCheck %s --check-prefix=BATCH
// BATCH: a f32[2,2,3]: max error {{.*}} ok
// BATCH-NEXT: b f32[2,3,4]: max error {{.*}} ok

// RUN: tfc check-gradients %s --fn batch_broadcast --tolerance 1e-3 | FileCheck %s --check-prefix=BATCH_BROADCAST
// BATCH_BROADCAST: a f32[2,2,3]: max error {{.*}} ok
// BATCH_BROADCAST-NEXT: b f32[3,4]: max error {{.*}} ok

// RUN: tfc check-gradients %s --fn batch_size_one --tolerance 1e-3 | FileCheck %s --check-prefix=BATCH_SIZE_ONE
// BATCH_SIZE_ONE: a f32[1,2,3]: max error {{.*}} ok
// BATCH_SIZE_ONE-NEXT: b f32[3,3,4]: max error {{.*}} ok

func.func @matmul(%a: tensor<2x3xf32> {tfc.name = "a"}, %b: tensor<3x4xf32> {tfc.name = "b"}) -> tensor<2x4xf32> {
  %r = tfc.graph -> (tensor<2x4xf32>) {
    %z = tfc.matmul %a, %b : tensor<2x3xf32>, tensor<3x4xf32>
    tfc.fetch %z : tensor<2x4xf32>
  }
  return %r : tensor<2x4xf32>
}

func.func @matmul_ta(%a: tensor<3x2xf32> {tfc.name = "a"}, %b: tensor<3x4xf32> {tfc.name = "b"}) -> tensor<2x4xf32> {
  %r = tfc.graph -> (tensor<2x4xf32>) {
    %z = tfc.matmul %a, %b transpose_a : tensor<3x2xf32>, tensor<3x4xf32>
    tfc.fetch %z : tensor<2x4xf32>
  }
  return %r : tensor<2x4xf32>
}

func.func @matmul_tb(%a: tensor<2x3xf32> {tfc.name = "a"}, %b: tensor<4x3xf32> {tfc.name = "b"}) -> tensor<2x4xf32> {
  %r = tfc.graph -> (tensor<2x4xf32>) {
    %z = tfc.matmul %a, %b transpose_b : tensor<2x3xf32>, tensor<4x3xf32>
    tfc.fetch %z : tensor<2x4xf32>
  }
  return %r : tensor<2x4xf32>
}

func.func @matmul_tab(%a: tensor<3x2xf32> {tfc.name = "a"}, %b: tensor<4x3xf32> {tfc.name = "b"}) -> tensor<2x4xf32> {
  %r = tfc.graph -> (tensor<2x4xf32>) {
    %z = tfc.matmul %a, %b transpose_a transpose_b : tensor<3x2xf32>, tensor<4x3xf32>
    tfc.fetch %z : tensor<2x4xf32>
  }
  return %r : tensor<2x4xf32>
}

func.func @batch(%a: tensor<2x2x3xf32> {tfc.name = "a"}, %b: tensor<2x3x4xf32> {tfc.name = "b"}) -> tensor<2x2x4xf32> {
  %r = tfc.graph -> (tensor<2x2x4xf32>) {
    %z = tfc.matmul %a, %b : tensor<2x2x3xf32>, tensor<2x3x4xf32>
    tfc.fetch %z : tensor<2x2x4xf32>
  }
  return %r : tensor<2x2x4xf32>
}

func.func @batch_broadcast(%a: tensor<2x2x3xf32> {tfc.name = "a"}, %b: tensor<3x4xf32> {tfc.name = "b"}) -> tensor<2x2x4xf32> {
  %r = tfc.graph -> (tensor<2x2x4xf32>) {
    %z = tfc.matmul %a, %b : tensor<2x2x3xf32>, tensor<3x4xf32>
    tfc.fetch %z : tensor<2x2x4xf32>
  }
  return %r : tensor<2x2x4xf32>
}

func.func @batch_size_one(%a: tensor<1x2x3xf32> {tfc.name = "a"}, %b: tensor<3x3x4xf32> {tfc.name = "b"}) -> tensor<3x2x4xf32> {
  %r = tfc.graph -> (tensor<3x2x4xf32>) {
    %z = tfc.matmul %a, %b : tensor<1x2x3xf32>, tensor<3x3x4xf32>
    tfc.fetch %z : tensor<3x2x4xf32>
  }
  return %r : tensor<3x2x4xf32>
}
