// RUN: tfc-opt %s --tfc-gpu-device-memory --split-input-file | FileCheck %s

// Temporaries are device memory; constants are copied to the device.
// CHECK-LABEL: func.func @allocs
// CHECK-SAME: (%[[N:.*]]: index)
// CHECK: %[[T:.*]] = gpu.alloc (%[[N]]) : memref<?xf32>
// CHECK: %[[G:.*]] = memref.get_global @cst : memref<4xf32>
// CHECK: %[[D:.*]] = gpu.alloc () : memref<4xf32>
// CHECK: gpu.memcpy %[[D]], %[[G]] : memref<4xf32>, memref<4xf32>
// CHECK: return %[[T]], %[[D]]
memref.global "private" constant @cst : memref<4xf32> = dense<[1.0, 2.0, 3.0, 4.0]>
func.func @allocs(%n: index) -> (memref<?xf32>, memref<4xf32>) {
  %t = memref.alloc(%n) {alignment = 64 : i64} : memref<?xf32>
  %g = memref.get_global @cst : memref<4xf32>
  return %t, %g : memref<?xf32>, memref<4xf32>
}

// -----

// Copies: contiguous buffers with gpu.memcpy, strided views with a kernel.
// CHECK-LABEL: func.func @copies
// CHECK: gpu.memcpy %arg1, %arg0 : memref<4x8xf32>, memref<4x8xf32>
// CHECK: %[[V:.*]] = memref.subview %arg0
// CHECK: linalg.generic {{.*}} ins(%[[V]] : memref<4x2xf32, strided<[8, 1], offset: 2>>) outs(%{{.*}} : memref<4x2xf32>)
// CHECK-NOT: memref.copy
func.func @copies(%a: memref<4x8xf32>, %b: memref<4x8xf32>, %c: memref<4x2xf32>) {
  memref.copy %a, %b : memref<4x8xf32> to memref<4x8xf32>
  %v = memref.subview %a[0, 2] [4, 2] [1, 1] : memref<4x8xf32> to memref<4x2xf32, strided<[8, 1], offset: 2>>
  memref.copy %v, %c : memref<4x2xf32, strided<[8, 1], offset: 2>> to memref<4x2xf32>
  return
}

// -----

// A condition the host needs: a one-thread kernel copies the element into a
// device scalar, gpu.memcpy brings it to a host scalar at the function's
// entry, and the host loads that.
// CHECK-LABEL: func.func @host_load
// CHECK: %[[H:.*]] = memref.alloca() {tfc.host} : memref<i1>
// CHECK: scf.while
// CHECK: %[[D:.*]] = gpu.alloc () : memref<i1>
// CHECK: gpu.launch
// CHECK:   %[[X:.*]] = memref.load %arg0[] : memref<i1>
// CHECK:   memref.store %[[X]], %[[D]][] : memref<i1>
// CHECK: gpu.memcpy %[[H]], %[[D]] : memref<i1>, memref<i1>
// CHECK: %[[C:.*]] = memref.load %[[H]][] : memref<i1>
// CHECK: scf.condition(%[[C]])
func.func @host_load(%p: memref<i1>) {
  scf.while : () -> () {
    %c = memref.load %p[] : memref<i1>
    scf.condition(%c)
  } do {
    scf.yield
  }
  return
}

// -----

// A store from the host is a one-thread kernel.
// CHECK-LABEL: func.func @host_store
// CHECK: gpu.launch
// CHECK:   memref.store %arg1, %arg0[%arg2] : memref<?xf32>
// CHECK:   gpu.terminator
func.func @host_store(%m: memref<?xf32>, %v: f32, %i: index) {
  memref.store %v, %m[%i] : memref<?xf32>
  return
}

// -----

// Loads in the body of a linalg op are device code to be (a gather reading
// its params): they stay as they are, for tfc-gpu-map-linalg.
// CHECK-LABEL: func.func @gather_body
// CHECK-NOT: {{gpu\.|tfc.host}}
// CHECK: linalg.generic
// CHECK-NEXT: ^bb0(%[[I:.*]]: index, %{{.*}}: f32):
// CHECK-NEXT:   %[[V:.*]] = memref.load %arg0[%[[I]]] : memref<5xf32>
// CHECK-NEXT:   linalg.yield %[[V]] : f32
// CHECK-NOT: gpu.
// CHECK: return
func.func @gather_body(%p: memref<5xf32>, %i: memref<2xindex>, %o: memref<2xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%i : memref<2xindex>) outs(%o : memref<2xf32>) {
  ^bb0(%index: index, %out: f32):
    %v = memref.load %p[%index] : memref<5xf32>
    linalg.yield %v : f32
  }
  return
}
