/* A higher layer that calls down, as it may. */
int low(void);
int high(void) { return 1; }
int higher(void) { return low(); }
