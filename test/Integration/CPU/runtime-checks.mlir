// What TensorFlow's kernels check at run time fails the compiled call with
// an error status too (tfc-insert-runtime-checks), never a crash or a
// silently wrong value. With the CUDA emulator (lit-cuda-emulator) the
// same lines check the CUDA target's kernels and its deferred assertions.
// RUN: rm -rf %t && mkdir -p %t
// RUN: tfc compile %s -o %t/libchecks.so
// RUN: tfc run %t/libchecks.so --fn divide --input "x=[7,-7,9]" --input "y=[2,2,-4]" | FileCheck %s --check-prefix=DIV
// RUN: not tfc run %t/libchecks.so --fn divide --input "x=[7,-7,9]" --input "y=[2,0,-4]" 2>&1 | FileCheck %s --check-prefix=DIVZERO
// RUN: tfc run %t/libchecks.so --fn add_rows --input "a=[[1,2],[3,4]]" --input "b=[[10,20],[30,40]]" | FileCheck %s --check-prefix=ADD
// RUN: not tfc run %t/libchecks.so --fn add_rows --input "a=[[1,2],[3,4]]" --input "b=[[10,20],[30,40],[50,60]]" 2>&1 | FileCheck %s --check-prefix=MISMATCH
// RUN: tfc run %t/libchecks.so --fn add_rows --input "a=[[1,2],[3,4]]" --input "b=[[10,20]]" | FileCheck %s --check-prefix=ROWB
// RUN: tfc run %t/libchecks.so --fn add_rows --input "a=[[1,2]]" --input "b=[[10,20],[30,40]]" | FileCheck %s --check-prefix=ROWA
// RUN: tfc run %t/libchecks.so --fn add_any --input "a=[[1],[2]]" --input "b=[[10,20,30]]" | FileCheck %s --check-prefix=OUTER
// RUN: tfc run %t/libchecks.so --fn add_any --input "a=[[1,2]]" --input "b=[[10,20],[30,40],[50,60]]" | FileCheck %s --check-prefix=ANYROWS
// RUN: not tfc run %t/libchecks.so --fn add_any --input "a=[[1,2],[3,4]]" --input "b=[[10,20,30]]" 2>&1 | FileCheck %s --check-prefix=ANYBAD
// RUN: tfc run %t/libchecks.so --fn mul_add --input "a=[[1,2]]" --input "b=[[10,20]]" --input "c=[[1,1],[2,2],[3,3]]" | FileCheck %s --check-prefix=CHAIN
// RUN: tfc run %t/libchecks.so --fn mul_add --input "a=[[1,2],[3,4],[5,6]]" --input "b=[[10,20]]" --input "c=[[1,1]]" | FileCheck %s --check-prefix=CHAIN2
// RUN: tfc run %t/libchecks.so --fn mul_add --input "a=[[1,2],[3,4]]" --input "b=[[10,20],[30,40]]" --input "c=[[1,1],[2,2]]" | FileCheck %s --check-prefix=CHAIN3
// RUN: not tfc run %t/libchecks.so --fn pick --input "p=[1,2,3]" --input "i=[0,-1]" 2>&1 | FileCheck %s --check-prefix=NEGATIVE
// RUN: tfc run %t/libchecks.so --fn segments --input "d=[1,2,3]" --input "i=[1,-1,1]" | FileCheck %s --check-prefix=SEGMENTS
// RUN: not tfc run %t/libchecks.so --fn segments --input "d=[1,2,3]" --input "i=[1,2,0]" 2>&1 | FileCheck %s --check-prefix=PAST

// DIV: output0 = i32[3] [3 -3 -2]
// DIV-NEXT: output1 = i32[3] [3 -4 -3]
// DIVZERO: tfc run: divide (step 1): assertion failed: [Integer division by zero]
func.func @divide(%x: tensor<3xi32> {tfc.name = "x"}, %y: tensor<3xi32> {tfc.name = "y"}) -> (tensor<3xi32>, tensor<3xi32>) {
  %r:2 = tfc.graph -> (tensor<3xi32>, tensor<3xi32>) {
    %d = tfc.div %x, %y : tensor<3xi32>, tensor<3xi32>
    %f = tfc.floordiv %x, %y : tensor<3xi32>, tensor<3xi32>
    tfc.fetch %d, %f : tensor<3xi32>, tensor<3xi32>
  }
  return %r#0, %r#1 : tensor<3xi32>, tensor<3xi32>
}

// Rows known only at run time must agree or one of them be 1, which
// broadcasts as in TensorFlow; rows that do not are reported with both
// shapes.
// ADD: output0 = f32[2,2] {{\[}}[11 22] [33 44]]
// ROWB: output0 = f32[2,2] {{\[}}[11 22] [13 24]]
// ROWA: output0 = f32[2,2] {{\[}}[11 22] [31 42]]
// MISMATCH: assertion failed: [Incompatible shapes at run time in tfc.add] [2 2] [3 2]
func.func @add_rows(%a: tensor<?x2xf32> {tfc.name = "a"}, %b: tensor<?x2xf32> {tfc.name = "b"}) -> tensor<?x2xf32> {
  %r = tfc.graph -> (tensor<?x2xf32>) {
    %s = tfc.add %a, %b : tensor<?x2xf32>, tensor<?x2xf32>
    tfc.fetch %s : tensor<?x2xf32>
  }
  return %r : tensor<?x2xf32>
}

// Both dimensions known only at run time: each operand broadcasts where
// its size is 1.
// OUTER: output0 = f32[2,3] {{\[}}[11 21 31] [12 22 32]]
// ANYROWS: output0 = f32[3,2] {{\[}}[11 22] [31 42] [51 62]]
// ANYBAD: assertion failed: [Incompatible shapes at run time in tfc.add] [2 2] [1 3]
func.func @add_any(%a: tensor<?x?xf32> {tfc.name = "a"}, %b: tensor<?x?xf32> {tfc.name = "b"}) -> tensor<?x?xf32> {
  %r = tfc.graph -> (tensor<?x?xf32>) {
    %s = tfc.add %a, %b : tensor<?x?xf32>, tensor<?x?xf32>
    tfc.fetch %s : tensor<?x?xf32>
  }
  return %r : tensor<?x?xf32>
}

// A product of one row broadcast against three rows of the sum: the
// element-wise product is computed on its operands broadcast (it is then
// still fused into the sum), and without a row of 1 nothing is copied.
// CHAIN: output0 = f32[3,2] {{\[}}[11 41] [12 42] [13 43]]
// CHAIN2: output0 = f32[3,2] {{\[}}[11 41] [31 81] [51 121]]
// CHAIN3: output0 = f32[2,2] {{\[}}[11 41] [92 162]]
func.func @mul_add(%a: tensor<?x2xf32> {tfc.name = "a"}, %b: tensor<?x2xf32> {tfc.name = "b"}, %c: tensor<?x2xf32> {tfc.name = "c"}) -> tensor<?x2xf32> {
  %r = tfc.graph -> (tensor<?x2xf32>) {
    %ab = tfc.mul %a, %b : tensor<?x2xf32>, tensor<?x2xf32>
    %s = tfc.add %ab, %c : tensor<?x2xf32>, tensor<?x2xf32>
    tfc.fetch %s : tensor<?x2xf32>
  }
  return %r : tensor<?x2xf32>
}

// NEGATIVE: assertion failed: [gather: indices are not in [0, 3)] [0 -1]
func.func @pick(%p: tensor<3xf32> {tfc.name = "p"}, %i: tensor<2xi32> {tfc.name = "i"}) -> tensor<2xf32> {
  %r = tfc.graph -> (tensor<2xf32>) {
    %g = tfc.gather %p, %i : tensor<3xf32>, tensor<2xi32>
    tfc.fetch %g : tensor<2xf32>
  }
  return %r : tensor<2xf32>
}

// A negative segment id is dropped, as in TensorFlow; one past the last
// segment fails the call.
// SEGMENTS: output0 = f32[2] [0 4]
// PAST: assertion failed: [unsorted_segment_sum: segment_ids are not < num_segments = 2] [1 2 0]
func.func @segments(%d: tensor<3xf32> {tfc.name = "d"}, %i: tensor<3xi32> {tfc.name = "i"}) -> tensor<2xf32> {
  %r = tfc.graph -> (tensor<2xf32>) {
    %s = tfc.unsorted_segment_sum %d, %i num_segments 2 : tensor<3xf32>, tensor<3xi32>
    tfc.fetch %s : tensor<2xf32>
  }
  return %r : tensor<2xf32>
}
