/*
 * The live-events subscribers of bench/scale-out.bench.ts (BENCH_CLIENT=epoll), in C: N plain
 * HTTP/1.1 streams of GET /api/events held by one epoll loop, so that 10,000 subscribers cost
 * the machine a few microseconds each per event instead of a JavaScript parse each (the Node
 * clients' own queue was most of what the bench measured: bench/scale-out.md).
 *
 *   cc -O2 -o sse-fanout sse-fanout.c
 *   sse-fanout COUNT HOST:PORT [HOST:PORT ...]     streams opened round-robin over the addresses
 *
 * Driven by lines on stdin, answering one line on stdout each:
 *   (start)                     -> "opened N" once every stream has its 200 and first bytes
 *   expect TRACK_ID LIKES       -> "armed"; from now each stream watches for the first
 *                                  `track.stats` frame of that track with that like count
 *   collect TIMEOUT_MS          -> "arrivals T1 T2 ... TN" once every stream has it (CLOCK_MONOTONIC
 *                                  in ms, the clock of Node's process.hrtime), or "error ..." after
 *                                  TIMEOUT_MS
 *   close                       -> exits
 * A stream that ends or fails is an error: the program prints "error ..." and exits 1.
 */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#define BUFFER 16384
#define CONNECTING_AT_ONCE 100

struct stream {
  int fd;
  int opened;      /* the 200 and the first bytes came */
  int armed;       /* watching for the expected frame */
  double arrival;  /* when it came (ms), 0 while not */
  size_t used;     /* bytes in buf not yet split into frames */
  char buf[BUFFER];
};

static struct stream *streams;
static int count;
static int epoll_fd;
static char expected_track[128];
static char expected_likes[32];
static int waiting_for; /* armed streams still without an arrival */

static double now_ms(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

static void fail(const char *what, int index) {
  printf("error stream %d: %s (%s)\n", index, what, errno ? strerror(errno) : "no errno");
  fflush(stdout);
  exit(1);
}

/* Does one SSE frame (without its blank line) carry the expected track.stats? */
static int matches(const char *frame, size_t length) {
  char *copy = strndup(frame, length);
  int found = 0;
  if (strstr(copy, "\"type\":\"track.stats\"")) {
    char key[160];
    snprintf(key, sizeof key, "\"trackId\":\"%s\"", expected_track);
    if (strstr(copy, key)) {
      snprintf(key, sizeof key, "\"likes\":%s", expected_likes);
      char *at = strstr(copy, key);
      if (at) {
        char next = at[strlen(key)];
        found = next == ',' || next == '}';
      }
    }
  }
  free(copy);
  return found;
}

/* Splits what came into frames at each blank line; chunked encoding's size lines land between frames. */
static void consume(struct stream *s, double at) {
  size_t start = 0;
  for (;;) {
    char *end = memmem(s->buf + start, s->used - start, "\n\n", 2);
    if (!end) break;
    size_t length = (size_t)(end - (s->buf + start));
    if (s->armed && s->arrival == 0 && matches(s->buf + start, length)) {
      s->arrival = at;
      waiting_for--;
    }
    start += length + 2;
  }
  memmove(s->buf, s->buf + start, s->used - start);
  s->used -= start;
}

static void on_readable(int index, int *opened) {
  struct stream *s = &streams[index];
  for (;;) {
    if (s->used == BUFFER) s->used = 0; /* a frame larger than the buffer is not one we look for */
    ssize_t n = read(s->fd, s->buf + s->used, BUFFER - s->used);
    if (n > 0) {
      double at = now_ms();
      s->used += (size_t)n;
      if (!s->opened) {
        char *header_end = memmem(s->buf, s->used, "\r\n\r\n", 4);
        if (!header_end) continue;
        if (strncmp(s->buf, "HTTP/1.1 200", 12) != 0) {
          errno = 0;
          fail("answered other than 200", index);
        }
        size_t header = (size_t)(header_end + 4 - s->buf);
        memmove(s->buf, s->buf + header, s->used - header);
        s->used -= header;
        s->opened = 1;
        (*opened)++;
      }
      consume(s, at);
    } else if (n == 0) {
      errno = 0;
      fail("closed by the server", index);
    } else if (errno == EAGAIN || errno == EWOULDBLOCK) {
      return;
    } else if (errno != EINTR) {
      fail("read", index);
    }
  }
}

static void start_connect(int index, struct sockaddr_in *address, const char *host_header) {
  struct stream *s = &streams[index];
  s->fd = socket(AF_INET, SOCK_STREAM, 0);
  if (s->fd < 0) fail("socket", index);
  int one = 1;
  setsockopt(s->fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
  /* Connect blocking (loopback answers at once), then send the request and go non-blocking. */
  if (connect(s->fd, (struct sockaddr *)address, sizeof *address) != 0) fail("connect", index);
  char request[256];
  int length = snprintf(request, sizeof request, "GET /api/events HTTP/1.1\r\nHost: %s\r\nAccept: text/event-stream\r\n\r\n", host_header);
  if (write(s->fd, request, (size_t)length) != length) fail("write", index);
  fcntl(s->fd, F_SETFL, fcntl(s->fd, F_GETFL) | O_NONBLOCK);
  struct epoll_event event = { .events = EPOLLIN, .data.u32 = (uint32_t)index };
  if (epoll_ctl(epoll_fd, EPOLL_CTL_ADD, s->fd, &event) != 0) fail("epoll_ctl", index);
}

/* Runs the loop until `done` says so or the deadline (ms, 0: none) passes; 1 if done. */
static int run_until(int (*done)(int opened), int *opened, double deadline) {
  struct epoll_event events[512];
  while (!done(*opened)) {
    int timeout = 1000;
    if (deadline) {
      double left = deadline - now_ms();
      if (left <= 0) return 0;
      if (left < timeout) timeout = (int)left + 1;
    }
    int n = epoll_wait(epoll_fd, events, 512, timeout);
    if (n < 0 && errno != EINTR) fail("epoll_wait", -1);
    for (int i = 0; i < n; i++) on_readable((int)events[i].data.u32, opened);
  }
  return 1;
}

static int target_opened;
static int all_opened(int opened) { return opened >= target_opened; }


int main(int argc, char **argv) {
  if (argc < 3) {
    fprintf(stderr, "usage: %s COUNT HOST:PORT [HOST:PORT ...]\n", argv[0]);
    return 2;
  }
  count = atoi(argv[1]);
  int addresses = argc - 2;
  struct sockaddr_in *targets = calloc((size_t)addresses, sizeof *targets);
  for (int a = 0; a < addresses; a++) {
    char host[64];
    int port;
    if (sscanf(argv[2 + a], "%63[^:]:%d", host, &port) != 2) {
      fprintf(stderr, "not HOST:PORT: %s\n", argv[2 + a]);
      return 2;
    }
    targets[a].sin_family = AF_INET;
    targets[a].sin_port = htons((uint16_t)port);
    if (inet_pton(AF_INET, host, &targets[a].sin_addr) != 1) {
      fprintf(stderr, "not an IPv4 address: %s\n", host);
      return 2;
    }
  }
  struct rlimit limit;
  getrlimit(RLIMIT_NOFILE, &limit);
  if (limit.rlim_cur < (rlim_t)count + 64) {
    limit.rlim_cur = limit.rlim_max;
    setrlimit(RLIMIT_NOFILE, &limit);
  }
  streams = calloc((size_t)count, sizeof *streams);
  epoll_fd = epoll_create1(0);
  int opened = 0;
  /* Opened a batch at a time, round-robin over the addresses, as a balancer spreads new connections. */
  for (int i = 0; i < count; i += CONNECTING_AT_ONCE) {
    int last = i + CONNECTING_AT_ONCE < count ? i + CONNECTING_AT_ONCE : count;
    for (int k = i; k < last; k++) start_connect(k, &targets[k % addresses], argv[2 + k % addresses]);
    target_opened = last;
    if (!run_until(all_opened, &opened, now_ms() + 30000)) {
      errno = 0;
      fail("no answer within 30 s while opening", opened);
    }
  }
  printf("opened %d\n", opened);
  fflush(stdout);

  /* From here on one loop reads the streams and the commands, so arrivals are stamped when they come. */
  struct epoll_event input = { .events = EPOLLIN, .data.u32 = UINT32_MAX };
  if (epoll_ctl(epoll_fd, EPOLL_CTL_ADD, 0, &input) != 0) fail("epoll_ctl stdin", -1);
  char line[4096];
  size_t line_used = 0;
  double collect_deadline = 0; /* ms while a collect waits, else 0 */
  struct epoll_event events[512];
  for (;;) {
    int timeout = 1000;
    if (collect_deadline) {
      double left = collect_deadline - now_ms();
      timeout = left <= 0 ? 0 : (int)left + 1;
    }
    int n = epoll_wait(epoll_fd, events, 512, timeout);
    if (n < 0 && errno != EINTR) fail("epoll_wait", -1);
    for (int i = 0; i < n; i++) {
      if (events[i].data.u32 != UINT32_MAX) {
        on_readable((int)events[i].data.u32, &opened);
        continue;
      }
      ssize_t got = read(0, line + line_used, sizeof line - 1 - line_used);
      if (got <= 0) return 0; /* the bench went away */
      line_used += (size_t)got;
      char *newline;
      while ((newline = memchr(line, '\n', line_used))) {
        *newline = 0;
        if (strncmp(line, "expect ", 7) == 0) {
          if (sscanf(line + 7, "%127s %31s", expected_track, expected_likes) != 2) {
            printf("error bad expect line\n");
            fflush(stdout);
            return 1;
          }
          for (int k = 0; k < count; k++) {
            streams[k].armed = 1;
            streams[k].arrival = 0;
          }
          waiting_for = count;
          printf("armed\n");
        } else if (strncmp(line, "collect ", 8) == 0) {
          collect_deadline = now_ms() + atof(line + 8);
        } else if (strncmp(line, "close", 5) == 0) {
          return 0;
        }
        fflush(stdout);
        size_t rest = line_used - (size_t)(newline + 1 - line);
        memmove(line, newline + 1, rest);
        line_used = rest;
      }
    }
    if (collect_deadline && waiting_for == 0) {
      fputs("arrivals", stdout);
      for (int k = 0; k < count; k++) {
        printf(" %.3f", streams[k].arrival);
        streams[k].armed = 0;
      }
      putchar('\n');
      fflush(stdout);
      collect_deadline = 0;
    } else if (collect_deadline && now_ms() > collect_deadline) {
      printf("error %d of %d streams without the event in time\n", waiting_for, count);
      fflush(stdout);
      return 1;
    }
  }
}
