# A FROM scratch image: the compiled binary, the few glibc libraries it links, and nothing else.
# Build the binary and its root file system first:
#   bun run build && bun scripts/docker-rootfs.ts
#   docker build -t sightline .
#   docker run -p 3000:3000 -v sightline-data:/data -e PUBLIC_URL=https://scan.example.com sightline
FROM scratch
COPY --chown=65534:65534 dist/rootfs/ /
USER 65534:65534
ENV HOST=0.0.0.0 PORT=3000 DATABASE_PATH=/data/sightline.sqlite
VOLUME /data
EXPOSE 3000
ENTRYPOINT ["/sightline"]
CMD ["serve"]
