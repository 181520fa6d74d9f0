// Control flow compiled: loops with branches inside, TensorArrays that grow
// or are read in a loop, loop-carried tensors that change shape, and
// variables read and assigned in branches and loop bodies.
// RUN: rm -rf %t && mkdir -p %t
// RUN: tfc compile %s -o %t/libcf.so 2>&1 | FileCheck %s --check-prefix=COMPILE --allow-empty
// COMPILE-NOT: error
// RUN: tfc run %t/libcf.so --fn collatz --input n=6 | FileCheck %s --check-prefix=COLLATZ
// RUN: tfc run %t/libcf.so --fn collatz --input n=27 | FileCheck %s --check-prefix=COLLATZ27
// RUN: tfc run %t/libcf.so --fn squares --input n=5 | FileCheck %s --check-prefix=SQUARES
// RUN: tfc run %t/libcf.so --fn sum_rows --input "x=[[1,2],[3,4],[5,6]]" | FileCheck %s --check-prefix=SUM
// RUN: tfc run %t/libcf.so --fn rows --input n=3 | FileCheck %s --check-prefix=ROWS
// RUN: tfc run %t/libcf.so --fn accumulate --input n=4 --steps 2 | FileCheck %s --check-prefix=ACC
// RUN: tfc run %t/libcf.so --fn maybe_double --input p=true --steps 3 | FileCheck %s --check-prefix=DOUBLE
// RUN: tfc run %t/libcf.so --fn maybe_double --input p=false --steps 3 | FileCheck %s --check-prefix=KEEP

// The Collatz sequence from n: a cond in a loop body; 6 takes 8 steps, 27
// takes 111.
// COLLATZ: output0 = i32[] 8
// COLLATZ27: output0 = i32[] 111
func.func @collatz(%n: tensor<i32> {tfc.name = "n"}) -> tensor<i32> {
  %r = tfc.graph -> (tensor<i32>) {
    %zero = tfc.constant dense<0> : tensor<i32>
    %one = tfc.constant dense<1> : tensor<i32>
    %two = tfc.constant dense<2> : tensor<i32>
    %three = tfc.constant dense<3> : tensor<i32>
    %x, %steps = tfc.while (%n, %zero) : (tensor<i32>, tensor<i32>) -> (tensor<i32>, tensor<i32>)
    cond {
    ^bb0(%x: tensor<i32>, %s: tensor<i32>):
      %more = tfc.greater %x, %one : tensor<i32>, tensor<i32>
      tfc.condition %more : tensor<i1>
    } body {
    ^bb0(%x: tensor<i32>, %s: tensor<i32>):
      %rem = tfc.mod %x, %two : tensor<i32>, tensor<i32>
      %even = tfc.equal %rem, %zero : tensor<i32>, tensor<i32>
      %next = tfc.cond %even : tensor<i1> -> (tensor<i32>) {
        %half = tfc.floordiv %x, %two : tensor<i32>, tensor<i32>
        tfc.yield %half : tensor<i32>
      } else {
        %t = tfc.mul %x, %three : tensor<i32>, tensor<i32>
        %u = tfc.add %t, %one : tensor<i32>, tensor<i32>
        tfc.yield %u : tensor<i32>
      }
      %s1 = tfc.add %s, %one : tensor<i32>, tensor<i32>
      tfc.yield %next, %s1 : tensor<i32>, tensor<i32>
    }
    tfc.fetch %steps : tensor<i32>
  }
  return %r : tensor<i32>
}

// A dynamic_size TensorArray of i*i written past its end in every
// iteration: it grows to n elements.
// SQUARES: output0 = f32[5] [0 1 4 9 16]
// SQUARES-NEXT: output1 = i32[] 5
func.func @squares(%n: tensor<i32> {tfc.name = "n"}) -> (tensor<?xf32>, tensor<i32>) {
  %r:2 = tfc.graph -> (tensor<?xf32>, tensor<i32>) {
    %zero = tfc.constant dense<0> : tensor<i32>
    %one = tfc.constant dense<1> : tensor<i32>
    %empty = tfc.tensor_array_create %zero dynamic_size : !tfc.tensor_array<tensor<f32>>
    %i, %ta = tfc.while (%zero, %empty) : (tensor<i32>, !tfc.tensor_array<tensor<f32>>) -> (tensor<i32>, !tfc.tensor_array<tensor<f32>>)
    cond {
    ^bb0(%i: tensor<i32>, %t: !tfc.tensor_array<tensor<f32>>):
      %lt = tfc.less %i, %n : tensor<i32>, tensor<i32>
      tfc.condition %lt : tensor<i1>
    } body {
    ^bb0(%i: tensor<i32>, %t: !tfc.tensor_array<tensor<f32>>):
      %f = tfc.cast %i : tensor<i32> to f32
      %sq = tfc.square %f : tensor<f32>
      %w = tfc.tensor_array_write %t[%i], %sq : !tfc.tensor_array<tensor<f32>>, tensor<f32>
      %next = tfc.add %i, %one : tensor<i32>, tensor<i32>
      tfc.yield %next, %w : tensor<i32>, !tfc.tensor_array<tensor<f32>>
    }
    %all = tfc.tensor_array_stack %ta : !tfc.tensor_array<tensor<f32>>
    %size = tfc.tensor_array_size %ta : !tfc.tensor_array<tensor<f32>>
    tfc.fetch %all, %size : tensor<?xf32>, tensor<i32>
  }
  return %r#0, %r#1 : tensor<?xf32>, tensor<i32>
}

// The rows of x unstacked into a TensorArray and read back one by one in a
// loop: their sum.
// SUM: output0 = f32[2] [9 12]
func.func @sum_rows(%x: tensor<?x2xf32> {tfc.name = "x"}) -> tensor<2xf32> {
  %r = tfc.graph -> (tensor<2xf32>) {
    %zero = tfc.constant dense<0> : tensor<i32>
    %one = tfc.constant dense<1> : tensor<i32>
    %start = tfc.constant dense<0.0> : tensor<2xf32>
    %n = tfc.shape %x : tensor<?x2xf32>
    %rows = tfc.strided_slice %n begin [0] end [1] shrink_axis_mask 1 : tensor<2xi32>
    %ta = tfc.tensor_array_create %rows : !tfc.tensor_array<tensor<2xf32>>
    %full = tfc.tensor_array_unstack %ta, %x : !tfc.tensor_array<tensor<2xf32>>, tensor<?x2xf32>
    %i, %sum = tfc.while (%zero, %start) : (tensor<i32>, tensor<2xf32>) -> (tensor<i32>, tensor<2xf32>)
    cond {
    ^bb0(%i: tensor<i32>, %s: tensor<2xf32>):
      %size = tfc.tensor_array_size %full : !tfc.tensor_array<tensor<2xf32>>
      %lt = tfc.less %i, %size : tensor<i32>, tensor<i32>
      tfc.condition %lt : tensor<i1>
    } body {
    ^bb0(%i: tensor<i32>, %s: tensor<2xf32>):
      %row = tfc.tensor_array_read %full[%i] : !tfc.tensor_array<tensor<2xf32>>
      %s1 = tfc.add %s, %row : tensor<2xf32>, tensor<2xf32>
      %next = tfc.add %i, %one : tensor<i32>, tensor<i32>
      tfc.yield %next, %s1 : tensor<i32>, tensor<2xf32>
    }
    tfc.fetch %sum : tensor<2xf32>
  }
  return %r : tensor<2xf32>
}

// A matrix grown by one row per iteration: the loop variable's invariant
// is tensor<?x2xf32>.
// ROWS: output0 = f32[4,2] {{\[}}[0 0] [1 2] [2 4] [3 6]]
func.func @rows(%n: tensor<i32> {tfc.name = "n"}) -> tensor<?x2xf32> {
  %r = tfc.graph -> (tensor<?x2xf32>) {
    %zero = tfc.constant dense<0> : tensor<i32>
    %one = tfc.constant dense<1> : tensor<i32>
    %first = tfc.constant dense<[[0.0, 0.0]]> : tensor<1x2xf32>
    %base = tfc.constant dense<[1.0, 2.0]> : tensor<2xf32>
    %i, %m = tfc.while (%zero, %first) : (tensor<i32>, tensor<1x2xf32>) -> (tensor<i32>, tensor<?x2xf32>)
    cond {
    ^bb0(%i: tensor<i32>, %m: tensor<?x2xf32>):
      %lt = tfc.less %i, %n : tensor<i32>, tensor<i32>
      tfc.condition %lt : tensor<i1>
    } body {
    ^bb0(%i: tensor<i32>, %m: tensor<?x2xf32>):
      %next = tfc.add %i, %one : tensor<i32>, tensor<i32>
      %f = tfc.cast %next : tensor<i32> to f32
      %row = tfc.mul %base, %f : tensor<2xf32>, tensor<f32>
      %row2 = tfc.expand_dims %row axis 0 : tensor<2xf32>
      %longer = tfc.concat %m, %row2 axis 0 : tensor<?x2xf32>, tensor<1x2xf32>
      tfc.yield %next, %longer : tensor<i32>, tensor<?x2xf32>
    }
    tfc.fetch %m : tensor<?x2xf32>
  }
  return %r : tensor<?x2xf32>
}

// A variable assigned in a loop body: each call adds n * 0.5; the loop
// yields the value after the last assign. Two calls with n = 4: 4.
// ACC: output0 = f32[] 4
// ACC-NEXT: output1 = i32[] 4
func.func @accumulate(%n: tensor<i32> {tfc.name = "n"}) -> (tensor<f32>, tensor<i32>) {
  %r:2 = tfc.graph -> (tensor<f32>, tensor<i32>) {
    %v = tfc.get_variable "v" : tensor<f32> init #tfc.zeros
    %zero = tfc.constant dense<0> : tensor<i32>
    %one = tfc.constant dense<1> : tensor<i32>
    %half = tfc.constant dense<0.5> : tensor<f32>
    %fzero = tfc.constant dense<0.0> : tensor<f32>
    %i, %last = tfc.while (%zero, %fzero) : (tensor<i32>, tensor<f32>) -> (tensor<i32>, tensor<f32>)
    cond {
    ^bb0(%i: tensor<i32>, %s: tensor<f32>):
      %lt = tfc.less %i, %n : tensor<i32>, tensor<i32>
      tfc.condition %lt : tensor<i1>
    } body {
    ^bb0(%i: tensor<i32>, %s: tensor<f32>):
      %nv, %t = tfc.assign_add %v, %half : !tfc.var<tensor<f32>>, tensor<f32>
      %next = tfc.add %i, %one : tensor<i32>, tensor<i32>
      tfc.yield %next, %nv : tensor<i32>, tensor<f32>
    }
    tfc.fetch %last, %i : tensor<f32>, tensor<i32>
  }
  return %r#0, %r#1 : tensor<f32>, tensor<i32>
}

// w doubles only when p holds; the read outside the cond runs first
// (reads before unordered writes), so it sees the value before the call.
// DOUBLE: output0 = f32[] 8
// DOUBLE-NEXT: output1 = f32[] 4
// KEEP: output0 = f32[] 1
// KEEP-NEXT: output1 = f32[] 1
func.func @maybe_double(%p: tensor<i1> {tfc.name = "p"}) -> (tensor<f32>, tensor<f32>) {
  %r:2 = tfc.graph -> (tensor<f32>, tensor<f32>) {
    %w = tfc.get_variable "w" init #tfc.constant<dense<1.0> : tensor<f32>>
    %before, %t = tfc.read %w : !tfc.var<tensor<f32>>
    %x = tfc.control_dependencies(%t) -> (tensor<f32>) {
      %y = tfc.cond %p : tensor<i1> -> (tensor<f32>) {
        %old, %t0 = tfc.read %w : !tfc.var<tensor<f32>>
        %two = tfc.constant dense<2.0> : tensor<f32>
        %d = tfc.mul %old, %two : tensor<f32>, tensor<f32>
        %nw, %t1 = tfc.assign %w, %d after(%t0) : !tfc.var<tensor<f32>>, tensor<f32>
        tfc.yield %nw : tensor<f32>
      } else {
        %old, %t0 = tfc.read %w : !tfc.var<tensor<f32>>
        tfc.yield %old : tensor<f32>
      }
      tfc.yield %y : tensor<f32>
    }
    tfc.fetch %x, %before : tensor<f32>, tensor<f32>
  }
  return %r#0, %r#1 : tensor<f32>, tensor<f32>
}
