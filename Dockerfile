# A FROM scratch image: the compiled binary, the few glibc libraries it links, and nothing else.
# Build the binary and its root file system first:
#   bun run build && bun scripts/docker-rootfs.ts
#   docker build -t sightline .
# Run either service; both may share one volume, each keeps its own file in it:
#   docker run -d -p 3000:3000 -v sightline-data:/data -e PUBLIC_URL=http://localhost:3000 sightline
#   docker run -d -p 3001:3000 -v sightline-data:/data -e SERVICE=schema -e PUBLIC_URL=http://localhost:3001 sightline
FROM scratch
COPY --chown=65534:65534 dist/rootfs/ /
USER 65534:65534
# No DATABASE_PATH here: the binary's default, ./data/<SERVICE>.sqlite, resolved from this working
# directory, is /data/visibility.sqlite or /data/schema.sqlite, so two services on one volume never
# share a file. Set DATABASE_PATH to override it, as outside a container.
WORKDIR /
ENV HOST=0.0.0.0 PORT=3000
VOLUME /data
EXPOSE 3000
ENTRYPOINT ["/sightline"]
CMD ["serve"]
