/*
** kinterp: a driver that runs Lua programs on the patched Lua 5.1 sources,
** for sanitizer builds (see run.sh). Each program runs twice in a fresh
** state: once with the collector's default pace and once with a collector
** that never pauses, so that every allocation can be the one that frees a
** dead object. A program fails by raising an error (its asserts); the
** sanitizers fail the process on any memory or undefined-behaviour error.
*/
#include <stdio.h>
#include <stdlib.h>

#include "lua.h"
#include "lauxlib.h"
#include "lualib.h"

static int run (const char *path, int eager) {
  lua_State *L = luaL_newstate();
  int status;
  if (L == NULL) {
    fprintf(stderr, "%s: cannot create a state\n", path);
    return 1;
  }
  luaL_openlibs(L);
  if (eager) {
    lua_gc(L, LUA_GCSETPAUSE, 0);
    lua_gc(L, LUA_GCSETSTEPMUL, 400);
  }
  lua_pushboolean(L, eager);
  lua_setglobal(L, "EAGER_GC");
  status = luaL_loadfile(L, path);
  if (status == 0)
    status = lua_pcall(L, 0, 0, 0);
  if (status != 0) {
    const char *msg = lua_tostring(L, -1);
    fprintf(stderr, "%s (%s collector): %s\n", path, eager ? "eager" : "default",
            msg ? msg : "(error object is not a string)");
  }
  lua_close(L);
  return status != 0;
}

int main (int argc, char **argv) {
  int i, failed = 0;
  for (i = 1; i < argc; i++) {
    failed += run(argv[i], 0);
    failed += run(argv[i], 1);
  }
  if (failed == 0)
    printf("ok: %d programs, each with the default and an eager collector\n", argc - 1);
  return failed != 0;
}
