// The shape, slice and indexing ops compile and give TensorFlow's numbers,
// on static shapes and on inputs whose sizes are known only at run time.
// Not with the CUDA emulator: a reshape to a shape tensor reads the shape on the host.
// UNSUPPORTED: target-cuda-emulator
// RUN: rm -rf %t && mkdir -p %t
// RUN: tfc compile %s -o %t/libshapes.so
// RUN: tfc run %t/libshapes.so --fn reshapes --input "x=[[1,2,3],[4,5,6]]" | FileCheck %s --check-prefix=RESHAPE
// RUN: tfc run %t/libshapes.so --fn make | FileCheck %s --check-prefix=MAKE
// RUN: tfc run %t/libshapes.so --fn slices --input "x=[[1,2,3,4],[5,6,7,8],[9,10,11,12]]" | FileCheck %s --check-prefix=SLICE
// RUN: tfc run %t/libshapes.so --fn indexing --input "p=[[1,5,3],[4,2,4],[0,-1,9]]" --input "ids=[2,0,2,1]" | FileCheck %s --check-prefix=INDEX
// An index out of range fails the call, as in TensorFlow (not clamped):
// RUN: not tfc run %t/libshapes.so --fn indexing --input "p=[[1,5,3],[4,2,4],[0,-1,9]]" --input "ids=[2,0,3,1]" 2>&1 | FileCheck %s --check-prefix=RANGE
// RANGE: assertion failed: [gather: indices are not in [0, size of axis 0)] [2 0 3...]
// RUN: tfc run %t/libshapes.so --fn reshape_fed --input "x=[1,2,3,4,5,6]" --input "s=[3,2]" | FileCheck %s --check-prefix=FED

// reshape(x, [-1, 2]); reshape(cast(c), [3, -1]); expand_dims(x, 0);
// squeeze of that and reshape to [-1]; shape, rank and size of x.
// RESHAPE: output0 = f32[3,2] {{\[}}[1 2] [3 4] [5 6]]
// RESHAPE-NEXT: output1 = f32[3,2] {{\[}}[1 2] [3 4] [5 6]]
// RESHAPE-NEXT: output2 = f32[1,2,3] {{\[\[\[}}1 2 3] [4 5 6]]]
// RESHAPE-NEXT: output3 = f32[6] [1 2 3 4 5 6]
// RESHAPE-NEXT: output4 = i32[2] [2 3]
// RESHAPE-NEXT: output5 = i32[] 2
// RESHAPE-NEXT: output6 = i32[] 6
func.func @reshapes(%x: tensor<?x3xf32> {tfc.name = "x"}) -> (tensor<?x2xf32>, tensor<3x2xf32>, tensor<1x?x3xf32>, tensor<?xf32>, tensor<2xi32>, tensor<i32>, tensor<i32>) {
  %r:7 = tfc.graph -> (tensor<?x2xf32>, tensor<3x2xf32>, tensor<1x?x3xf32>, tensor<?xf32>, tensor<2xi32>, tensor<i32>, tensor<i32>) {
    %a = tfc.reshape %x to [-1, 2] : tensor<?x3xf32>
    %c = tfc.constant dense<[1, 2, 3, 4, 5, 6]> : tensor<6xi32>
    %cf = tfc.cast %c : tensor<6xi32> to f32
    %b = tfc.reshape %cf to [3, -1] : tensor<6xf32>
    %e = tfc.expand_dims %x axis 0 : tensor<?x3xf32>
    %s = tfc.squeeze %e axes [0] : tensor<1x?x3xf32>
    %f = tfc.reshape %s to [-1] : tensor<?x3xf32>
    %sh = tfc.shape %x : tensor<?x3xf32>
    %rk = tfc.rank %x : tensor<?x3xf32>
    %sz = tfc.size %x : tensor<?x3xf32>
    tfc.fetch %a, %b, %e, %f, %sh, %rk, %sz : tensor<?x2xf32>, tensor<3x2xf32>, tensor<1x?x3xf32>, tensor<?xf32>, tensor<2xi32>, tensor<i32>, tensor<i32>
  }
  return %r#0, %r#1, %r#2, %r#3, %r#4, %r#5, %r#6 : tensor<?x2xf32>, tensor<3x2xf32>, tensor<1x?x3xf32>, tensor<?xf32>, tensor<2xi32>, tensor<i32>, tensor<i32>
}

// tile([[1,2,3],[4,5,6]], [2,1]); fill(7, [2,3]) by attribute and by
// shape(x); range(3, 18, 4); range(1.0, -0.5, -0.5); casts of
// [-2.7, 0, 0.5, 3.9] to int32 (truncating) and bool; bools to float.
// MAKE: output0 = i32[4,3] {{\[}}[1 2 3] [4 5 6] [1 2 3] [4 5 6]]
// MAKE-NEXT: output1 = f32[2,3] {{\[}}[7 7 7] [7 7 7]]
// MAKE-NEXT: output2 = f32[2,3] {{\[}}[7 7 7] [7 7 7]]
// MAKE-NEXT: output3 = i32[4] [3 7 11 15]
// MAKE-NEXT: output4 = f32[3] [1 0.5 0]
// MAKE-NEXT: output5 = i32[4] [-2 0 0 3]
// MAKE-NEXT: output6 = bool[4] [true false true true]
// MAKE-NEXT: output7 = f32[3] [1 0 1]
func.func @make() -> (tensor<4x3xi32>, tensor<2x3xf32>, tensor<?x?xf32>, tensor<?xi32>, tensor<?xf32>, tensor<4xi32>, tensor<4xi1>, tensor<3xf32>) {
  %r:8 = tfc.graph -> (tensor<4x3xi32>, tensor<2x3xf32>, tensor<?x?xf32>, tensor<?xi32>, tensor<?xf32>, tensor<4xi32>, tensor<4xi1>, tensor<3xf32>) {
    %x = tfc.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>
    %t = tfc.tile %x multiples [2, 1] : tensor<2x3xi32>
    %seven = tfc.constant dense<7.0> : tensor<f32>
    %f = tfc.fill %seven to [2, 3] : tensor<f32>
    %s = tfc.shape %x : tensor<2x3xi32>
    %g = tfc.fill %seven, %s : tensor<f32>, tensor<2xi32>
    %a = tfc.constant dense<3> : tensor<i32>
    %b = tfc.constant dense<18> : tensor<i32>
    %c = tfc.constant dense<4> : tensor<i32>
    %rg = tfc.range %a, %b, %c : tensor<i32>, tensor<i32>, tensor<i32>
    %fa = tfc.constant dense<1.0> : tensor<f32>
    %fb = tfc.constant dense<-0.5> : tensor<f32>
    %fc = tfc.constant dense<-0.5> : tensor<f32>
    %rf = tfc.range %fa, %fb, %fc : tensor<f32>, tensor<f32>, tensor<f32>
    %v = tfc.constant dense<[-2.7, 0.0, 0.5, 3.9]> : tensor<4xf32>
    %vi = tfc.cast %v : tensor<4xf32> to i32
    %vb = tfc.cast %v : tensor<4xf32> to i1
    %bools = tfc.constant dense<[true, false, true]> : tensor<3xi1>
    %bf = tfc.cast %bools : tensor<3xi1> to f32
    tfc.fetch %t, %f, %g, %rg, %rf, %vi, %vb, %bf : tensor<4x3xi32>, tensor<2x3xf32>, tensor<?x?xf32>, tensor<?xi32>, tensor<?xf32>, tensor<4xi32>, tensor<4xi1>, tensor<3xf32>
  }
  return %r#0, %r#1, %r#2, %r#3, %r#4, %r#5, %r#6, %r#7 : tensor<4x3xi32>, tensor<2x3xf32>, tensor<?x?xf32>, tensor<?xi32>, tensor<?xf32>, tensor<4xi32>, tensor<4xi1>, tensor<3xf32>
}


// concat([x, x], 0); stack([x, x, x]); unstack(x, num=2); slice(x, [1, 1],
// [2, 2]); slice(x, [1, 2], [-1, -1]); x[-1, ::-1]; x[tf.newaxis, 1, 1:3];
// x[::2, ::3].
// SLICE: output0 = i32[6,4] {{\[}}[1 2 3 4] [5 6 7 8] [9 10 11 12] [1 2 3 4] [5 6 7 8] [9 10 11 12]]
// SLICE-NEXT: output1 = i32[3,3,4] {{\[\[\[}}1 2 3 4] [5 6 7 8] [9 10 11 12]] {{\[}}[1 2 3 4] [5 6 7 8] [9 10 11 12]] {{\[}}[1 2 3 4] [5 6 7 8] [9 10 11 12]]]
// SLICE-NEXT: output2 = i32[4] [1 2 3 4]
// SLICE-NEXT: output3 = i32[4] [5 6 7 8]
// SLICE-NEXT: output4 = i32[2,2] {{\[}}[6 7] [10 11]]
// SLICE-NEXT: output5 = i32[2,2] {{\[}}[7 8] [11 12]]
// SLICE-NEXT: output6 = i32[4] [12 11 10 9]
// SLICE-NEXT: output7 = i32[1,2] {{\[}}[6 7]]
// SLICE-NEXT: output8 = i32[2,2] {{\[}}[1 4] [9 12]]
func.func @slices(%x: tensor<?x4xi32> {tfc.name = "x"}) -> (tensor<?x4xi32>, tensor<3x?x4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<2x2xi32>, tensor<?x2xi32>, tensor<4xi32>, tensor<1x2xi32>, tensor<?x2xi32>) {
  %r:9 = tfc.graph -> (tensor<?x4xi32>, tensor<3x?x4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<2x2xi32>, tensor<?x2xi32>, tensor<4xi32>, tensor<1x2xi32>, tensor<?x2xi32>) {
    %c = tfc.concat %x, %x axis 0 : tensor<?x4xi32>, tensor<?x4xi32>
    %s = tfc.stack %x, %x, %x : tensor<?x4xi32>, tensor<?x4xi32>, tensor<?x4xi32>
    %u:2 = tfc.unstack %x num 2 : tensor<?x4xi32>
    %sl = tfc.slice %x begin [1, 1] size [2, 2] : tensor<?x4xi32>
    %sm = tfc.slice %x begin [1, 2] size [-1, -1] : tensor<?x4xi32>
    // x[-1, ::-1]
    %ss = tfc.strided_slice %x begin [-1, 0] end [0, 0] strides [1, -1] begin_mask 2 end_mask 2 shrink_axis_mask 1 : tensor<?x4xi32>
    // x[tf.newaxis, 1, 1:3]
    %na = tfc.strided_slice %x begin [0, 1, 1] end [0, 2, 3] new_axis_mask 1 shrink_axis_mask 2 : tensor<?x4xi32>
    // x[::2, ::3]
    %st = tfc.strided_slice %x begin [0, 0] end [0, 0] strides [2, 3] begin_mask 3 end_mask 3 : tensor<?x4xi32>
    tfc.fetch %c, %s, %u#0, %u#1, %sl, %sm, %ss, %na, %st : tensor<?x4xi32>, tensor<3x?x4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<2x2xi32>, tensor<?x2xi32>, tensor<4xi32>, tensor<1x2xi32>, tensor<?x2xi32>
  }
  return %r#0, %r#1, %r#2, %r#3, %r#4, %r#5, %r#6, %r#7, %r#8 : tensor<?x4xi32>, tensor<3x?x4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<2x2xi32>, tensor<?x2xi32>, tensor<4xi32>, tensor<1x2xi32>, tensor<?x2xi32>
}


// p = [[1,5,3],[4,2,4],[0,-1,9]], ids = [2,0,2,1]: gather(p, ids);
// gather(p, [2, 0], axis=1);
// one_hot(ids, 4); argmax(p, 1) (of the tie 4, 4 the first);
// argmax(p, 0) as int32; top_k(p, 2); where([T, F, T], p, 0).
// INDEX: output0 = f32[4,3] {{\[}}[0 -1 9] [1 5 3] [0 -1 9] [4 2 4]]
// INDEX-NEXT: output1 = f32[3,2] {{\[}}[3 1] [4 4] [9 0]]
// INDEX-NEXT: output2 = f32[4,4] {{\[}}[0 0 1 0] [1 0 0 0] [0 0 1 0] [0 1 0 0]]
// INDEX-NEXT: output3 = i64[3] [1 0 2]
// INDEX-NEXT: output4 = i32[3] [1 0 2]
// INDEX-NEXT: output5 = f32[3,2] {{\[}}[5 3] [4 4] [9 0]]
// INDEX-NEXT: output6 = i32[3,2] {{\[}}[1 2] [0 2] [2 0]]
// INDEX-NEXT: output7 = f32[3,3] {{\[}}[1 0 3] [4 0 4] [0 0 9]]
func.func @indexing(%p: tensor<?x3xf32> {tfc.name = "p"}, %ids: tensor<?xi32> {tfc.name = "ids"}) -> (tensor<?x3xf32>, tensor<?x2xf32>, tensor<?x4xf32>, tensor<?xi64>, tensor<3xi32>, tensor<?x2xf32>, tensor<?x2xi32>, tensor<?x3xf32>) {
  %r:8 = tfc.graph -> (tensor<?x3xf32>, tensor<?x2xf32>, tensor<?x4xf32>, tensor<?xi64>, tensor<3xi32>, tensor<?x2xf32>, tensor<?x2xi32>, tensor<?x3xf32>) {
    %g = tfc.gather %p, %ids : tensor<?x3xf32>, tensor<?xi32>
    %two = tfc.constant dense<[2, 0]> : tensor<2xi32>
    %h = tfc.gather %p, %two axis 1 : tensor<?x3xf32>, tensor<2xi32>
    %on = tfc.constant dense<1.0> : tensor<f32>
    %off = tfc.constant dense<0.0> : tensor<f32>
    %oh = tfc.one_hot %ids, %on, %off depth 4 : tensor<?xi32>, tensor<f32>, tensor<f32>
    %am = tfc.argmax %p axis 1 : tensor<?x3xf32>
    %am0 = tfc.argmax %p output_type i32 : tensor<?x3xf32>
    %tv, %ti = tfc.top_k %p k 2 : tensor<?x3xf32>
    %cond = tfc.constant dense<[true, false, true]> : tensor<3xi1>
    %w = tfc.where %cond, %p, %off : tensor<3xi1>, tensor<?x3xf32>, tensor<f32>
    tfc.fetch %g, %h, %oh, %am, %am0, %tv, %ti, %w : tensor<?x3xf32>, tensor<?x2xf32>, tensor<?x4xf32>, tensor<?xi64>, tensor<3xi32>, tensor<?x2xf32>, tensor<?x2xi32>, tensor<?x3xf32>
  }
  return %r#0, %r#1, %r#2, %r#3, %r#4, %r#5, %r#6, %r#7 : tensor<?x3xf32>, tensor<?x2xf32>, tensor<?x4xf32>, tensor<?xi64>, tensor<3xi32>, tensor<?x2xf32>, tensor<?x2xi32>, tensor<?x3xf32>
}

// A shape fed at run time: reshape(x, s) with x = [1..6], s = [3, 2].
// FED: output0 = f32[3,2] {{\[}}[1 2] [3 4] [5 6]]
func.func @reshape_fed(%x: tensor<?xf32> {tfc.name = "x"}, %s: tensor<2xi32> {tfc.name = "s"}) -> tensor<?x?xf32> {
  %r = tfc.graph -> (tensor<?x?xf32>) {
    %y = tfc.reshape %x, %s : tensor<?xf32>, tensor<2xi32>
    tfc.fetch %y : tensor<?x?xf32>
  }
  return %r : tensor<?x?xf32>
}
