/* A low layer that calls up into a higher one. */
int high(void);
int low(void) { return high() + 1; }
