// unsorted_segment_sum compiles and gives TensorFlow's numbers: repeated
// ids add up, negative ids are dropped (as in TensorFlow); a segment no id
// names is zero. (Ids past the last segment fail the call:
// runtime-checks.mlir.) Then the gradient of gather in training: SGD on an embedding
// table updates only the rows the ids read.
// RUN: rm -rf %t && mkdir -p %t
// RUN: tfc compile %s -o %t/libsegsum.so

// Rows 0 and 2 of data go to segment 1, row 3 to segment 0; id -1 drops
// row 1.
// RUN: tfc run %t/libsegsum.so --fn rows --input "data=[[1,2],[3,4],[5,6],[7,8]]" --input "ids=[1,-1,1,0]" | FileCheck %s --check-prefix=ROWS
// ROWS: output0 = f32[3,2] {{\[}}[7 8] [6 8] [0 0]]
// Every id dropped: every segment is zero.
// RUN: tfc run %t/libsegsum.so --fn rows --input "data=[[1,2],[3,4],[5,6],[7,8]]" --input "ids=[-1,-3,-7,-9]" | FileCheck %s --check-prefix=NONE
// NONE: output0 = f32[3,2] {{\[}}[0 0] [0 0] [0 0]]

// Ids of rank 2 over all of data's dimensions, int32 data and int64 ids:
// segment 0 = 1 + 3, segment 1 = 2 + 4 + 5, 6 is dropped.
// RUN: tfc run %t/libsegsum.so --fn elements | FileCheck %s --check-prefix=ELEMENTS
// ELEMENTS: output0 = i32[2] [4 11]

// Embedding lookup trained by SGD(0.5) on l2_loss(gather(e, ids) - t),
// e starting at zero, ids [2, 0, 2]: the gradient of e is dy = e[ids] - t
// summed into the rows ids name, rows 1 and 3 stay zero. Step 1: loss 45.5,
// e[0] = 0.5 * t[1], e[2] = 0.5 * (t[0] + t[2]). Step 2 reports the loss
// before it, 11.125, and only moves row 0 (row 2's two gradients cancel).
// RUN: tfc run %t/libsegsum.so --fn train_embedding --input "ids=[2,0,2]" --input "t=[[1,2],[3,4],[5,6]]" --steps 1 | FileCheck %s --check-prefix=STEP1
// STEP1: loss = f32[] 45.5
// STEP1-NEXT: e = f32[4,2] {{\[}}[1.5 2] [0 0] [3 4] [0 0]]
// RUN: tfc run %t/libsegsum.so --fn train_embedding --input "ids=[2,0,2]" --input "t=[[1,2],[3,4],[5,6]]" --steps 2 | FileCheck %s --check-prefix=STEP2
// STEP2: loss = f32[] 11.125
// STEP2-NEXT: e = f32[4,2] {{\[}}[2.25 3] [0 0] [3 4] [0 0]]

func.func @rows(%data: tensor<?x2xf32> {tfc.name = "data"}, %ids: tensor<?xi32> {tfc.name = "ids"}) -> tensor<3x2xf32> {
  %r = tfc.graph -> (tensor<3x2xf32>) {
    %s = tfc.unsorted_segment_sum %data, %ids num_segments 3 : tensor<?x2xf32>, tensor<?xi32>
    tfc.fetch %s : tensor<3x2xf32>
  }
  return %r : tensor<3x2xf32>
}

func.func @elements() -> tensor<2xi32> {
  %r = tfc.graph -> (tensor<2xi32>) {
    %data = tfc.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>
    %ids = tfc.constant dense<[[0, 1, 0], [1, 1, -1]]> : tensor<2x3xi64>
    %s = tfc.unsorted_segment_sum %data, %ids num_segments 2 : tensor<2x3xi32>, tensor<2x3xi64>
    tfc.fetch %s : tensor<2xi32>
  }
  return %r : tensor<2xi32>
}

func.func @train_embedding(%ids: tensor<3xi32> {tfc.name = "ids"}, %t: tensor<3x2xf32> {tfc.name = "t"}) -> (tensor<f32> {tfc.name = "loss"}, tensor<4x2xf32> {tfc.name = "e"}) {
  %r:2 = tfc.graph -> (tensor<f32>, tensor<4x2xf32>) {
    %e = tfc.get_variable "embedding" : tensor<4x2xf32> init #tfc.zeros
    %ev, %t0 = tfc.read %e : !tfc.var<tensor<4x2xf32>>
    %rows = tfc.gather %ev, %ids : tensor<4x2xf32>, tensor<3xi32>
    %d = tfc.sub %rows, %t : tensor<3x2xf32>, tensor<3x2xf32>
    %loss = tfc.l2_loss %d : tensor<3x2xf32>
    %train = tfc.minimize #tfc.sgd<learning_rate = 0.5> %loss : tensor<f32>
    %after, %t1 = tfc.read %e after(%train) : !tfc.var<tensor<4x2xf32>>
    tfc.fetch %loss, %after : tensor<f32>, tensor<4x2xf32>
  }
  return %r#0, %r#1 : tensor<f32>, tensor<4x2xf32>
}
