# A FROM scratch image: the compiled binary, the few glibc libraries it links, and nothing else.
# Build the binary and its root file system first:
#   bun run build && bun scripts/docker-rootfs.ts
#   docker build -t sightline .
# Run either service; both may share one volume, each keeps its own file in it:
#   docker run -d -p 3000:3000 -v sightline-data:/data -e PUBLIC_URL=http://localhost:3000 sightline
#   docker run -d -p 3001:3000 -v sightline-data:/data -e SERVICE=schema -e PUBLIC_URL=http://localhost:3001 sightline
FROM scratch
COPY dist/rootfs/ /
# It starts as root only to become SERVER_USER at once, before it opens anything, keeping the right to start
# its scan processes as nobody (SCAN_USER's default): the server and the code that parses hostile pages run
# as two users, neither of them root, and /data is the server's alone (docs/scan-boundary.md).
USER 0:0
# No DATABASE_PATH here: the binary's default, ./data/<SERVICE>.sqlite, resolved from this working
# directory, is /data/visibility.sqlite or /data/schema.sqlite, so two services on one volume never
# share a file. Set DATABASE_PATH to override it, as outside a container.
WORKDIR /
ENV HOST=0.0.0.0 PORT=3000 SERVER_USER=sightline
VOLUME /data
EXPOSE 3000
ENTRYPOINT ["/sightline"]
CMD ["serve"]
