/* A Hearts bot for `hearts match`, in C with the standard library only.

   It speaks the bot protocol of docs/bots.md: one JSON object per line on standard
   input; it answers "pass" with its three highest cards of the list and "play" with
   the first (lowest) card of "legal".  Build and play:

       cc -O2 -o lowest examples/bots/lowest.c
       hearts match --player heuristic --player cmd:./lowest --deals 20 -o m.jsonl

   hearts writes cards as two characters ("QS", "TH") and the lists in a fixed
   order (clubs, diamonds, hearts, spades, from 2 to A), so a plain string search
   is enough here; a real bot would use a JSON library. */
#include <stdio.h>
#include <string.h>

#define MAX_LINE 65536

/* The cards of the JSON array after "key": into out (3 chars each), how many. */
static int cards_of(const char *line, const char *key, char out[][3], int max) {
    const char *p = strstr(line, key);
    int n = 0;
    if (!p) return 0;
    p = strchr(p, '[');
    if (!p) return 0;
    while (*p && *p != ']' && n < max) {
        if (*p == '"' && p[1] && p[2] && p[3] == '"') {
            out[n][0] = p[1]; out[n][1] = p[2]; out[n][2] = 0;
            n++;
            p += 4;
        } else {
            p++;
        }
    }
    return n;
}

int main(void) {
    static char line[MAX_LINE];
    char cards[64][3];
    while (fgets(line, sizeof line, stdin)) {
        if (strstr(line, "\"type\":\"pass\"")) {
            int n = cards_of(line, "\"hand\":", cards, 64);
            int count = 3;
            const char *c = strstr(line, "\"count\":");
            if (c) sscanf(c + 8, "%d", &count);
            if (count > n) count = n;
            printf("{\"cards\":[");
            for (int i = 0; i < count; i++)
                printf("%s\"%s\"", i ? "," : "", cards[n - count + i]);
            printf("]}\n");
            fflush(stdout);
        } else if (strstr(line, "\"type\":\"play\"")) {
            int n = cards_of(line, "\"legal\":", cards, 64);
            printf("{\"card\":\"%s\"}\n", n ? cards[0] : "??");
            fflush(stdout);
        }
    }
    return 0;
}
