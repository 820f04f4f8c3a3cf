func.func private @ok1()
// -----
func.func @bad( {
// -----
func.func private @ok2()
