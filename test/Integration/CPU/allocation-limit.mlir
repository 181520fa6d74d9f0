// A tensor the compiled code computes that would pass TFC_MAX_ALLOC_BYTES
// fails the call with RESOURCE_EXHAUSTED, naming the size, the op (its
// TensorFlow node name where its location has one, and its position in the
// source) and the limit, instead of the code using a null pointer; the next
// call runs as usual.
// UNSUPPORTED: target-cuda-emulator
// RUN: rm -rf %t && mkdir -p %t
// RUN: tfc compile %s -o %t/liblimit.so
// RUN: env TFC_MAX_ALLOC_BYTES=100000 tfc run %t/liblimit.so --fn scaled --input "s=[2,3]" --input "x=[[1,2,3],[4,5,6]]" | FileCheck %s --check-prefix=SMALL
// SMALL: y = f32[2,3] {{\[}}[2 4 6] [8 10 12]]
// RUN: not env TFC_MAX_ALLOC_BYTES=100000 tfc run %t/liblimit.so --fn scaled --input "s=[200,200]" --input "x=[[1]]" 2>&1 | FileCheck %s
// RUN: not env TFC_MAX_ALLOC_BYTES=100000 TFC_NUM_THREADS=1 tfc run %t/liblimit.so --fn scaled --input "s=[200,200]" --input "x=[[1]]" 2>&1 | FileCheck %s
// CHECK: cannot allocate {{1600[0-9][0-9]}} bytes for a tensor the compiled code computes for {{.*}}allocation-limit.mlir:[[# @LINE + 11]]:10 (over the limit of 100000 bytes, TFC_MAX_ALLOC_BYTES)
// CHECK-NOT: Segmentation
// RUN: not env TFC_MAX_ALLOC_BYTES=100000 tfc run %t/liblimit.so --fn named --input "s=[200,200]" --input "x=[[1]]" 2>&1 | FileCheck %s --check-prefix=NAMED
// NAMED: cannot allocate {{1600[0-9][0-9]}} bytes for a tensor the compiled code computes for 'scaled/y' (model.pbtxt:12:3) (over the limit

// y = fill(2, s) * x, with x broadcast: the fill's size is known only
// when the call runs.
func.func @scaled(%s: tensor<2xi32> {tfc.name = "s"}, %x: tensor<?x?xf32> {tfc.name = "x"}) -> (tensor<?x?xf32> {tfc.name = "y"}) {
  %r = tfc.graph -> (tensor<?x?xf32>) {
    %two = tfc.constant dense<2.0> : tensor<f32>
    %f = tfc.fill %two, %s : tensor<f32>, tensor<2xi32>
    %y = tfc.mul %f, %x : tensor<?x?xf32>, tensor<?x?xf32>
    tfc.fetch %y : tensor<?x?xf32>
  }
  return %r : tensor<?x?xf32>
}

// The same with the location an imported graph gives its ops: the node's
// name and its position in the file.
func.func @named(%s: tensor<2xi32> {tfc.name = "s"}, %x: tensor<?x?xf32> {tfc.name = "x"}) -> (tensor<?x?xf32> {tfc.name = "y"}) {
  %r = tfc.graph -> (tensor<?x?xf32>) {
    %two = tfc.constant dense<2.0> : tensor<f32>
    %f = tfc.fill %two, %s : tensor<f32>, tensor<2xi32>
    %y = tfc.mul %f, %x : tensor<?x?xf32>, tensor<?x?xf32> loc("scaled/y"("model.pbtxt":12:3))
    tfc.fetch %y : tensor<?x?xf32>
  }
  return %r : tensor<?x?xf32>
}
