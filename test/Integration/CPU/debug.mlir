// tf.Print writes to standard error by default; a failing tf.Assert or
// tf.assert_positive makes tfc run fail with the assertion's message.
// Not with the CUDA emulator: prints and assertions are not compiled for CUDA yet.
// UNSUPPORTED: target-cuda-emulator
// RUN: rm -rf %t && mkdir -p %t
// RUN: tfc compile %s -o %t/libdebug.so
// RUN: tfc run %t/libdebug.so --fn printed --input "x=[[1,2],[3,4]]" 2>%t/stderr | FileCheck %s --check-prefix=OUT
// RUN: FileCheck %s --check-prefix=PRINT < %t/stderr
// OUT: output0 = i32[2,2] {{\[}}[2 3] [4 5]]
// PRINT: x and x+1: {{\[\[}}1 2] [3 4]]{{\[\[}}2 3] [4 5]]

// RUN: tfc run %t/libdebug.so --fn checked --input "x=[1,2,4]" | FileCheck %s --check-prefix=LOG
// LOG: output0 = f32[] 2.0794415
// RUN: not tfc run %t/libdebug.so --fn checked --input "x=[1,-2,4]" 2>&1 | FileCheck %s --check-prefix=POSITIVE
// POSITIVE: tfc run: checked (step 1): assertion failed: [x must be positive] [Condition x > 0 did not hold element-wise: x =] [1 -2 4]

// RUN: tfc run %t/libdebug.so --fn asserted --input "x=3" | FileCheck %s --check-prefix=SIX
// SIX: output0 = i32[] 6
// RUN: not tfc run %t/libdebug.so --fn asserted --input "x=12" 2>&1 | FileCheck %s --check-prefix=ASSERT
// ASSERT: tfc run: asserted (step 1): assertion failed: [x < 10] [12] [10]

// Prints and asserts in a loop body run once per iteration; the print of
// an iteration comes before its check.
// RUN: tfc run %t/libdebug.so --fn loop --input n=3 2>&1 | FileCheck %s --check-prefix=LOOP
// LOOP: i = [0]
// LOOP-NEXT: i = [1]
// LOOP-NEXT: i = [2]
// LOOP-NEXT: output0 = i32[] 3
// RUN: not tfc run %t/libdebug.so --fn loop --input n=7 2>&1 | FileCheck %s --check-prefix=LOOPFAIL
// LOOPFAIL: i = [5]
// LOOPFAIL-NEXT: i = [6]
// LOOPFAIL-NEXT: tfc run: loop (step 1): assertion failed: [i <= 5] [6]

func.func @printed(%x: tensor<2x2xi32> {tfc.name = "x"}) -> tensor<2x2xi32> {
  %r = tfc.graph -> (tensor<2x2xi32>) {
    %one = tfc.constant dense<1> : tensor<i32>
    %y = tfc.add %x, %one : tensor<2x2xi32>, tensor<i32>
    %p, %t = tfc.print %y, [%x, %y] message "x and x+1: " {summarize = 4 : i64} : tensor<2x2xi32>, [tensor<2x2xi32>, tensor<2x2xi32>]
    tfc.fetch %p : tensor<2x2xi32>
  }
  return %r : tensor<2x2xi32>
}

// sum(log(x)) after checking that x is positive.
func.func @checked(%x: tensor<?xf32> {tfc.name = "x"}) -> tensor<f32> {
  %r = tfc.graph -> (tensor<f32>) {
    %ok = tfc.assert_positive %x message "x must be positive" : tensor<?xf32>
    %s = tfc.control_dependencies(%ok) -> (tensor<f32>) {
      %l = tfc.log %x : tensor<?xf32>
      %t = tfc.reduce_sum %l axes [0] : tensor<?xf32>
      tfc.yield %t : tensor<f32>
    }
    tfc.fetch %s : tensor<f32>
  }
  return %r : tensor<f32>
}

func.func @asserted(%x: tensor<i32> {tfc.name = "x"}) -> tensor<i32> {
  %r = tfc.graph -> (tensor<i32>) {
    %ten = tfc.constant dense<10> : tensor<i32>
    %lt = tfc.less %x, %ten : tensor<i32>, tensor<i32>
    %ok = tfc.assert %lt, [%x, %ten] message "x < 10" : tensor<i1>, [tensor<i32>, tensor<i32>]
    %d = tfc.control_dependencies(%ok) -> (tensor<i32>) {
      %two = tfc.constant dense<2> : tensor<i32>
      %m = tfc.mul %x, %two : tensor<i32>, tensor<i32>
      tfc.yield %m : tensor<i32>
    }
    tfc.fetch %d : tensor<i32>
  }
  return %r : tensor<i32>
}

// for i in range(n): print(i); assert(i <= 5)
func.func @loop(%n: tensor<i32> {tfc.name = "n"}) -> tensor<i32> {
  %r = tfc.graph -> (tensor<i32>) {
    %zero = tfc.constant dense<0> : tensor<i32>
    %one = tfc.constant dense<1> : tensor<i32>
    %five = tfc.constant dense<5> : tensor<i32>
    %i = tfc.while (%zero) : (tensor<i32>) -> (tensor<i32>)
    cond {
    ^bb0(%i: tensor<i32>):
      %lt = tfc.less %i, %n : tensor<i32>, tensor<i32>
      tfc.condition %lt : tensor<i1>
    } body {
    ^bb0(%i: tensor<i32>):
      %p, %t = tfc.print %i, [%i] message "i = " : tensor<i32>, [tensor<i32>]
      %le = tfc.less_equal %p, %five : tensor<i32>, tensor<i32>
      %ok = tfc.assert %le, [%i] message "i <= 5" after(%t) : tensor<i1>, [tensor<i32>]
      %next = tfc.control_dependencies(%ok) -> (tensor<i32>) {
        %n1 = tfc.add %i, %one : tensor<i32>, tensor<i32>
        tfc.yield %n1 : tensor<i32>
      }
      tfc.yield %next : tensor<i32>
    }
    tfc.fetch %i : tensor<i32>
  }
  return %r : tensor<i32>
}

// first_n = 2: only the first two runs of the print print.
// RUN: tfc run %t/libdebug.so --fn first_two --input n=4 2>&1 | FileCheck %s --check-prefix=FIRST --implicit-check-not=j
// FIRST: j = [0]
// FIRST-NEXT: j = [1]
// FIRST-NEXT: output0 = i32[] 4
func.func @first_two(%n: tensor<i32> {tfc.name = "n"}) -> tensor<i32> {
  %r = tfc.graph -> (tensor<i32>) {
    %zero = tfc.constant dense<0> : tensor<i32>
    %one = tfc.constant dense<1> : tensor<i32>
    %i = tfc.while (%zero) : (tensor<i32>) -> (tensor<i32>)
    cond {
    ^bb0(%i: tensor<i32>):
      %lt = tfc.less %i, %n : tensor<i32>, tensor<i32>
      tfc.condition %lt : tensor<i1>
    } body {
    ^bb0(%i: tensor<i32>):
      %p, %t = tfc.print %i, [%i] message "j = " {first_n = 2 : i64} : tensor<i32>, [tensor<i32>]
      %next = tfc.add %p, %one : tensor<i32>, tensor<i32>
      tfc.yield %next : tensor<i32>
    }
    tfc.fetch %i : tensor<i32>
  }
  return %r : tensor<i32>
}
